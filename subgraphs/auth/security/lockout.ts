import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { User } from '../entities/user.entity.js';
import { recordAudit } from '../audit/audit-trail.js';
import type { PasswordPolicy } from './policy-defaults.js';

export type Client = { ip: string | null; userAgent: string | null };

/**
 * One more failure (wrong password, wrong sign-in code, wrong MFA verify code) under a row lock; reaching the
 * policy's threshold locks the account for its duration. Returns the lock's end when this failure locked it.
 */
export async function countFailure(em: EntityManager, now: Date, userId: string, policy: PasswordPolicy, client: Client, data: Record<string, unknown>): Promise<Date | null> {
  return em.transactional(async (tx) => {
    const user = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const expired = user.lockedUntil && user.lockedUntil <= now; // a lock that ran out starts a fresh count
    const failures = (expired ? 0 : user.failedAttempts) + 1;
    const lockNow = policy.lockoutThreshold > 0 && failures >= policy.lockoutThreshold;
    const lockedUntil = lockNow ? new Date(now.getTime() + policy.lockoutDurationMinutes * 60_000) : expired ? null : user.lockedUntil ?? null;
    tx.assign(user, { failedAttempts: lockNow ? 0 : failures, lockedUntil });
    await tx.flush();
    await recordAudit(tx, { type: 'login.failed', userId, ...client, data: { ...data, failedAttempts: failures } }, now);
    if (lockNow) await recordAudit(tx, { type: 'user.locked', userId, ...client, data: { lockedUntil: lockedUntil!.toISOString() } }, now);
    return lockNow ? lockedUntil : null;
  });
}

export const locked = (until: Date) => new DomainError('ACCOUNT_LOCKED', `Too many failed sign-ins; the account is locked until ${until.toISOString()}`, { lockedUntil: until.toISOString() });
