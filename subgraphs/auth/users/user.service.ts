import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { offsetMeta, resolvePage } from '../../../platform/pagination/offset-page.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';
import { recordAudit } from '../audit/audit-trail.js';
import { checkNewPassword } from '../passwords/password-rules.js';
import { PolicyService } from '../security/policy.service.js';
import { revokeUserSessions } from '../sessions/session-revocation.js';
import { clip, type RequestInfo } from '../shared/request-info.js';
import type { AuthDeps } from '../auth-deps.js';
import type { CreateUserInput, UpdateUserInput, UserList, UserListArgs } from './user.types.js';
import { normalizeEmail, profileOf } from './user.validate.js';

export const USER_LIMITS = { defaultCount: 50, maxCount: 100 };

/** Users of the customer's application: create, list, profile, block, soft delete. */
export class UserService {
  private readonly policies = new PolicyService();

  constructor(private readonly deps: AuthDeps) {}

  async create(em: EntityManager, input: CreateUserInput, info?: RequestInfo | null): Promise<User> {
    const email = normalizeEmail(input.email);
    const profile = profileOf(input.profile);
    const metadata = input.metadata ?? {};
    if (await em.findOne(User, { email, deletedAt: null })) throw emailTaken(email); // before the costly hash
    let passwordHash: string | null = null;
    if (input.password !== undefined && input.password !== null) {
      const password = await checkNewPassword(
        input.password,
        await this.policies.passwordPolicy(em),
        this.deps.breaches,
        email,
      );
      passwordHash = await this.deps.hasher.hash(password);
    }
    const verified = input.emailVerified === true;
    const now = this.deps.now();
    try {
      return await em.transactional(async (tx) => {
        const user = tx.create(User, {
          id: newId('user'),
          organizationId: undefined as never,
          email,
          emailVerified: verified,
          status: verified ? UserStatus.ACTIVE : UserStatus.PENDING_VERIFICATION,
          passwordHash,
          profile,
          metadata,
          passwordChangedAt: passwordHash ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        await tx.flush();
        await recordAudit(
          tx,
          { type: 'user.created', userId: user.id, ...clip(info), data: { email, status: user.status } },
          now,
        );
        return user;
      });
    } catch (error) {
      // The partial unique index settles two concurrent creations of one address.
      if (error instanceof UniqueConstraintViolationException) throw emailTaken(email);
      throw error;
    }
  }

  async list(em: EntityManager, args: UserListArgs): Promise<UserList> {
    const page = resolvePage(args, USER_LIMITS);
    const where: Record<string, unknown> = args.status ? { status: args.status } : { deletedAt: null };
    if (args.search !== undefined && args.search !== null) {
      if (args.search.length > 200)
        throw new DomainError('INVALID_REQUEST', 'search is too long', {
          field: 'search',
          received: `${args.search.length} characters`,
          expected: 'at most 200 characters',
        });
      const like = `%${args.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [
        { email: { $ilike: like } },
        { profile: { firstName: { $ilike: like } } },
        { profile: { lastName: { $ilike: like } } },
      ];
    }
    const [data, total] = await em.findAndCount(User, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** A live (not deleted) user; another organization's id is a 404 like a missing one. */
  async get(em: EntityManager, id: string): Promise<User> {
    const user = await em.findOne(User, { id, deletedAt: null });
    if (!user) throw notFound('User');
    return user;
  }

  async update(em: EntityManager, id: string, input: UpdateUserInput): Promise<User> {
    const user = await this.get(em, id);
    const profile = profileOf(input.profile);
    const metadata = input.metadata ?? undefined;
    em.assign(
      user,
      { profile: { ...user.profile, ...profile }, ...(metadata ? { metadata } : {}) },
      { mergeObjectProperties: false },
    );
    await em.flush();
    return user;
  }

  /** Soft delete: the row stays for the audit trail, its address is freed and its sessions end. */
  async delete(em: EntityManager, id: string, info?: RequestInfo | null): Promise<User> {
    const user = await this.get(em, id);
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      tx.assign(user, { status: UserStatus.DELETED, deletedAt: now });
      await tx.flush();
      await revokeUserSessions(tx, this.deps, user.id, now);
      await recordAudit(tx, { type: 'user.deleted', userId: user.id, ...clip(info), data: { email: user.email } }, now);
    });
    return user;
  }

  async block(em: EntityManager, id: string, info?: RequestInfo | null): Promise<User> {
    const user = await this.get(em, id);
    if (user.status === UserStatus.BLOCKED) return user;
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      tx.assign(user, { status: UserStatus.BLOCKED, blockedAt: now });
      await tx.flush();
      await revokeUserSessions(tx, this.deps, user.id, now);
      await recordAudit(tx, { type: 'user.blocked', userId: user.id, ...clip(info), data: { email: user.email } }, now);
    });
    return user;
  }

  /** Back to ACTIVE, or PENDING_VERIFICATION when the address was never verified; the lockout is cleared too. */
  async unblock(em: EntityManager, id: string, info?: RequestInfo | null): Promise<User> {
    const user = await this.get(em, id);
    if (user.status !== UserStatus.BLOCKED) return user;
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      tx.assign(user, {
        status: user.emailVerified ? UserStatus.ACTIVE : UserStatus.PENDING_VERIFICATION,
        blockedAt: null,
        failedAttempts: 0,
        lockedUntil: null,
      });
      await tx.flush();
      await recordAudit(
        tx,
        { type: 'user.unblocked', userId: user.id, ...clip(info), data: { email: user.email } },
        now,
      );
    });
    return user;
  }
}

const emailTaken = (email: string) =>
  new DomainError('CONFLICT', `A user with the email ${email} already exists`, {
    field: 'email',
    received: email,
    expected: 'an address no other user of this organization has',
  });
