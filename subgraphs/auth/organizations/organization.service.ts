import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { AuthOrganization } from '../entities/auth-organization.entity.js';
import { Member } from '../entities/member.entity.js';
import { User } from '../entities/user.entity.js';
import type { AuthMemberList, OrganizationInput, OrganizationList } from './organization.types.js';

export const ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const LIMITS = { defaultCount: 50, maxCount: 100 };

export function checkRole(role: unknown): string {
  const value = role ?? 'MEMBER';
  if (typeof value !== 'string' || !(ROLES as readonly string[]).includes(value)) throw invalid('role', value, ROLES);
  return value;
}

/** Organizations of the customer's users, and their members. */
export class OrganizationService {
  async list(em: EntityManager, args: PageArgs): Promise<OrganizationList> {
    const page = resolvePage(args, LIMITS);
    const [data, total] = await em.findAndCount(
      AuthOrganization,
      {},
      { limit: page.count, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  async get(em: EntityManager, id: string): Promise<AuthOrganization> {
    const org = await em.findOne(AuthOrganization, { id });
    if (!org) throw notFound('Organization');
    return org;
  }

  async create(em: EntityManager, input: OrganizationInput): Promise<AuthOrganization> {
    const name = checkName(input.name);
    const slug = checkSlug(
      input.slug ??
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 64),
    );
    const org = em.create(AuthOrganization, {
      id: newId('org'),
      organizationId: undefined as never,
      name,
      slug,
      displayName: checkDisplayName(input.displayName),
    });
    await this.flush(em, slug);
    return org;
  }

  async update(em: EntityManager, id: string, input: OrganizationInput): Promise<AuthOrganization> {
    const org = await this.get(em, id);
    if (input.name !== undefined && input.name !== null) org.name = checkName(input.name);
    if (input.slug !== undefined && input.slug !== null) org.slug = checkSlug(input.slug);
    if (input.displayName !== undefined) org.displayName = checkDisplayName(input.displayName);
    await this.flush(em, org.slug);
    return org;
  }

  async delete(em: EntityManager, id: string): Promise<AuthOrganization> {
    const org = await this.get(em, id);
    await em.remove(org).flush(); // members and invitations go with it (on delete cascade)
    return org;
  }

  async members(em: EntityManager, organizationId: string, args: PageArgs): Promise<AuthMemberList> {
    await this.get(em, organizationId);
    const page = resolvePage(args, LIMITS);
    const [data, total] = await em.findAndCount(
      Member,
      { authOrganizationId: organizationId },
      { limit: page.count, offset: page.offset, orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  async addMember(em: EntityManager, organizationId: string, userId: unknown, role: unknown): Promise<Member> {
    await this.get(em, organizationId);
    if (typeof userId !== 'string') throw invalid('userId', userId ?? null, 'a user id (user_…)');
    const checkedRole = checkRole(role);
    if (!(await em.findOne(User, { id: userId, deletedAt: null }))) throw notFound('User');
    if (await em.findOne(Member, { authOrganizationId: organizationId, userId })) throw memberExists(userId);
    const member = em.create(Member, {
      id: newId('mem'),
      organizationId: undefined as never,
      authOrganizationId: organizationId,
      userId,
      role: checkedRole,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw memberExists(userId);
      throw error;
    }
    return member;
  }

  async removeMember(em: EntityManager, organizationId: string, userId: string): Promise<Member> {
    await this.get(em, organizationId);
    const member = await em.findOne(Member, { authOrganizationId: organizationId, userId });
    if (!member) throw notFound('Member');
    await em.remove(member).flush();
    return member;
  }

  private async flush(em: EntityManager, slug: string) {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('CONFLICT', `The slug "${slug}" is taken`, {
          field: 'slug',
          received: slug,
          expected: 'a slug no other organization uses',
        });
      throw error;
    }
  }
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 200)
    throw invalid('name', value ?? null, '1..200 characters');
  return value.trim();
}

function checkSlug(value: unknown): string {
  if (typeof value !== 'string' || !SLUG.test(value))
    throw invalid('slug', value ?? null, 'a-z, 0-9 and dashes, 1..64 characters, no dash at either end');
  return value;
}

function checkDisplayName(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > 200) throw invalid('displayName', value, 'at most 200 characters');
  return value;
}

const memberExists = (userId: string) =>
  new DomainError('CONFLICT', `User ${userId} is already a member`, { field: 'userId', received: userId });
