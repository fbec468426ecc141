import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { recordAudit } from '../audit/audit-trail.js';
import type { SsoConnection } from '../entities/sso-connection.entity.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';
import type { Client } from '../security/lockout.js';
import { normalizeEmail } from '../users/user.validate.js';
import { SSO_ERRORS, SsoFailure } from './sso-failure.js';

/** What an identity provider proved about a person, in the shape `POST /auth/sso/token` returns as `profile`. */
export interface SsoProfile {
  connectionId: string;
  connectionType: 'OIDC' | 'SAML';
  /** The provider's id of the user: OIDC `sub`, SAML NameID. */
  idpId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The claims or attributes as the provider sent them (at most 8 KB kept). */
  attributes: Record<string, unknown>;
}

/** An identity as the provider proved it, before it is matched to a user. */
export type ProvedIdentity = Omit<SsoProfile, 'connectionId' | 'email'> & { email: string | null };

/** Whether an address is under one of the connection's domains (a sub-domain counts). */
export function domainCovered(email: string, domains: string[]): boolean {
  const domain = email.split('@')[1] ?? '';
  return domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** Attributes small enough to keep with a code and return. */
export function boundedAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  const json = JSON.stringify(attributes);
  return json.length <= 8_192 ? (JSON.parse(json) as Record<string, unknown>) : { truncated: true };
}

/**
 * The user an SSO identity signs in as. Identities are keyed by (connection, provider id), never by email alone: a
 * user already linked to the connection is found by its provider id; otherwise the address must be under one of the
 * connection's domains, and then an unlinked user of that address is linked, or, with JIT provisioning, a new one is
 * created (ACTIVE, verified, `user.created`). Blocked and locked users are refused.
 */
export async function userForIdentity(
  em: EntityManager,
  connection: SsoConnection,
  identity: { idpId: string; email: string | null; firstName: string | null; lastName: string | null },
  client: Client,
  now: Date,
): Promise<User> {
  const linked = await em.findOne(User, {
    ssoConnectionId: connection.id,
    ssoSubject: identity.idpId,
    deletedAt: null,
  });
  const user = linked ?? (await unlinkedUser(em, connection, identity, client, now));
  if (user.status === UserStatus.BLOCKED)
    throw new SsoFailure(SSO_ERRORS.userBlocked, 'This account is blocked', 'USER_BLOCKED');
  if (user.lockedUntil && user.lockedUntil > now)
    throw new SsoFailure(
      SSO_ERRORS.accountLocked,
      `The account is locked until ${user.lockedUntil.toISOString()}`,
      'ACCOUNT_LOCKED',
    );
  return user;
}

async function unlinkedUser(
  em: EntityManager,
  connection: SsoConnection,
  identity: { idpId: string; email: string | null; firstName: string | null; lastName: string | null },
  client: Client,
  now: Date,
): Promise<User> {
  if (!identity.email)
    throw new SsoFailure(SSO_ERRORS.emailMissing, 'The identity provider sent no email address for this user');
  let email: string;
  try {
    email = normalizeEmail(identity.email);
  } catch {
    throw new SsoFailure(SSO_ERRORS.emailMissing, 'The identity provider sent an email address that is not valid');
  }
  if (!domainCovered(email, connection.domains)) {
    throw new SsoFailure(
      SSO_ERRORS.domainNotAllowed,
      `${email.split('@')[1]} is not one of this connection's domains`,
      'SSO_DOMAIN_NOT_ALLOWED',
    );
  }
  const existing = await em.findOne(User, { email, deletedAt: null });
  if (existing) {
    if (existing.ssoSubject)
      throw new SsoFailure(
        SSO_ERRORS.identityMismatch,
        'This address belongs to a user linked to another identity',
        'SSO_IDENTITY_MISMATCH',
      );
    await em.transactional(async (tx) => {
      tx.assign(tx.merge(existing), { ssoConnectionId: connection.id, ssoSubject: identity.idpId });
      await tx.flush();
      await recordAudit(
        tx,
        { type: 'user.sso_linked', userId: existing.id, ...client, data: { email, connectionId: connection.id } },
        now,
      );
    });
    return existing;
  }
  if (!connection.jitProvisioning)
    throw new SsoFailure(
      SSO_ERRORS.userNotFound,
      'No user has this address and the connection does not create users',
      'SSO_USER_NOT_FOUND',
    );
  try {
    return await em.transactional(async (tx) => {
      const user = tx.create(User, {
        id: newId('user'),
        organizationId: undefined as never,
        email,
        emailVerified: true,
        status: UserStatus.ACTIVE,
        passwordHash: null,
        profile: {
          firstName: identity.firstName?.slice(0, 200) ?? null,
          lastName: identity.lastName?.slice(0, 200) ?? null,
        },
        metadata: {},
        ssoConnectionId: connection.id,
        ssoSubject: identity.idpId,
        createdAt: now,
        updatedAt: now,
      });
      await tx.flush();
      await recordAudit(
        tx,
        {
          type: 'user.created',
          userId: user.id,
          ...client,
          data: { email, status: user.status, ssoConnectionId: connection.id, method: 'sso' },
        },
        now,
      );
      return user;
    });
  } catch (error) {
    // Two first sign-ins of one person at once: the unique indexes let one create the user; the other signs in as it.
    if (error instanceof UniqueConstraintViolationException) {
      const winner = await em.findOne(
        User,
        { ssoConnectionId: connection.id, ssoSubject: identity.idpId, deletedAt: null },
        { refresh: true },
      );
      if (winner) return winner;
      throw new DomainError('CONFLICT', 'This address was just taken by another sign-in');
    }
    throw error;
  }
}
