import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { Organization } from '../../../platform/organizations/organization.entity.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { MfaFactor } from '../entities/mfa-factor.entity.js';
import { RecoveryCode } from '../entities/recovery-code.entity.js';
import type { User } from '../entities/user.entity.js';
import { recordAudit } from '../audit/audit-trail.js';
import { clip, type RequestInfo } from '../shared/request-info.js';
import type { AuthDeps } from '../auth-deps.js';
import { countFailure, locked } from '../security/lockout.js';
import { PolicyService } from '../security/policy.service.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT, sameHash } from './recovery-codes.js';
import type { RecoveryCodes, TotpEnrollment, TotpVerification } from './mfa.types.js';

/** TOTP factors and recovery codes of a user. */
export class MfaService {
  constructor(private readonly deps: AuthDeps) {}

  listFactors(em: EntityManager, userId: string): Promise<MfaFactor[]> {
    return em.find(MfaFactor, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async hasVerifiedFactor(em: EntityManager, userId: string): Promise<boolean> {
    return (await em.count(MfaFactor, { userId, status: 'VERIFIED' })) > 0;
  }

  /** A new PENDING factor replaces an unverified one; a user keeps one verified TOTP factor (delete it to re-enrol). */
  async enrollTotp(em: EntityManager, user: User): Promise<TotpEnrollment> {
    if (await this.hasVerifiedFactor(em, user.id)) {
      throw new DomainError('CONFLICT', 'The user already has a verified TOTP factor; delete it to enrol again', { field: 'userId', received: user.id });
    }
    const secret = newTotpSecret();
    const box = await this.deps.secrets();
    const issuer = (await em.findOne(Organization, { id: tenantOf(em) }))?.name ?? 'Platform';
    await em.nativeDelete(MfaFactor, { userId: user.id, status: 'PENDING' });
    const id = newId('mfa');
    em.create(MfaFactor, { id, organizationId: undefined as never, userId: user.id, type: 'TOTP', status: 'PENDING', secretSealed: box.seal(secret, id), createdAt: this.deps.now() });
    await em.flush();
    return { factorId: id, secret, qrCodeUri: otpauthUri(secret, issuer, user.email) };
  }

  /**
   * Activates the pending factor with a first code (`mfa.enrolled`); on a verified factor it just checks the code.
   * Not an oracle: a locked account verifies nothing, every wrong code counts toward the account lockout, and a
   * factor stops being checked after MAX_FACTOR_FAILURES wrong codes in a row (re-enrol, or sign in with it).
   */
  async verifyTotp(em: EntityManager, user: User, code: unknown, info?: RequestInfo | null): Promise<TotpVerification> {
    const factors = await em.find(MfaFactor, { userId: user.id, type: 'TOTP' }, { orderBy: { createdAt: 'desc' } });
    const factor = factors.find((f) => f.status === 'PENDING') ?? factors[0];
    if (!factor) throw notFound('TOTP factor');
    const now = this.deps.now();
    if (user.lockedUntil && user.lockedUntil > now) throw locked(user.lockedUntil);
    if (factor.failedAttempts >= MAX_FACTOR_FAILURES) throw attemptsExceeded(factor);
    const verified = await em.transactional(async (tx) => {
      if (!(await this.consumeTotp(tx, factor, code, now))) return false;
      if (factor.status === 'PENDING') {
        tx.assign(factor, { status: 'VERIFIED', verifiedAt: now });
        await tx.flush();
        await recordAudit(tx, { type: 'mfa.enrolled', userId: user.id, ...clip(info), data: { factorId: factor.id, factorType: 'TOTP' } }, now);
      }
      return true;
    });
    if (verified) return { verified: true, factor };
    // Committed before the error: the counter and the audit trail survive the refusal.
    const failures = await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(MfaFactor, { id: factor.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      row.failedAttempts += 1;
      await tx.flush();
      return row.failedAttempts;
    });
    const policy = await new PolicyService().passwordPolicy(em);
    const lockedUntil = await countFailure(em, now, user.id, policy, clip(info), { reason: 'INVALID_MFA_CODE', method: 'totp_verify', factorId: factor.id });
    if (lockedUntil) throw locked(lockedUntil);
    throw new DomainError('INVALID_MFA_CODE', 'The code is not valid (wrong, expired or already used)', { field: 'code', attemptsLeft: Math.max(0, MAX_FACTOR_FAILURES - failures) });
  }

  /** A sign-in's second step: a code of a verified factor, accepted once. */
  async checkSignInTotp(tx: EntityManager, userId: string, code: unknown): Promise<boolean> {
    const factors = await tx.find(MfaFactor, { userId, type: 'TOTP', status: 'VERIFIED' });
    for (const factor of factors) if (await this.consumeTotp(tx, factor, code, this.deps.now())) return true;
    return false;
  }

  async deleteFactor(em: EntityManager, userId: string, factorId: string, info?: RequestInfo | null): Promise<MfaFactor> {
    const factor = await em.findOne(MfaFactor, { id: factorId, userId });
    if (!factor) throw notFound('MFA factor');
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      await tx.nativeDelete(MfaFactor, { id: factor.id });
      await recordAudit(tx, { type: 'mfa.removed', userId, ...clip(info), data: { factorId: factor.id, factorType: factor.type } }, now);
    });
    return factor;
  }

  /** A fresh set of codes; the previous set stops working. */
  async generateRecoveryCodes(em: EntityManager, userId: string, info?: RequestInfo | null): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      await tx.nativeDelete(RecoveryCode, { userId });
      for (const code of codes) tx.create(RecoveryCode, { id: newId('rc'), organizationId: undefined as never, userId, codeHash: hashRecoveryCode(code), createdAt: now });
      await tx.flush();
      await recordAudit(tx, { type: 'mfa.recovery_codes_generated', userId, ...clip(info), data: { count: codes.length } }, now);
    });
    return { codes };
  }

  /** Uses one recovery code; the conditional update makes two concurrent uses of one code succeed once. */
  async consumeRecoveryCode(tx: EntityManager, userId: string, code: unknown): Promise<boolean> {
    if (typeof code !== 'string' || code.length > 40) return false;
    const presented = hashRecoveryCode(code);
    const unused = await tx.find(RecoveryCode, { userId, usedAt: null });
    const match = unused.find((row) => sameHash(Buffer.from(row.codeHash), presented));
    if (!match) return false;
    const taken = await tx.nativeUpdate(RecoveryCode, { id: match.id, usedAt: null }, { usedAt: this.deps.now() });
    return taken === 1;
  }

  /** Checks a code against one factor and records its step, so the same code is refused next time. */
  private async consumeTotp(tx: EntityManager, factor: MfaFactor, code: unknown, now: Date): Promise<boolean> {
    if (typeof code !== 'string') return false;
    const secret = (await this.deps.secrets()).open(factor.secretSealed, factor.id);
    const last = factor.lastUsedStep === null || factor.lastUsedStep === undefined ? null : Number(factor.lastUsedStep);
    const step = matchTotp(secret, code.trim(), now.getTime(), last);
    if (step === null) return false;
    // Conditional on the step read: a concurrent use of the same code updates nothing and fails.
    const updated = await tx.nativeUpdate(MfaFactor, { id: factor.id, lastUsedStep: factor.lastUsedStep ?? null }, { lastUsedStep: String(step) });
    if (updated !== 1) return false;
    factor.lastUsedStep = String(step);
    if (factor.failedAttempts > 0) await tx.nativeUpdate(MfaFactor, { id: factor.id }, { failedAttempts: 0 }); // a right code ends the run of wrong ones
    return true;
  }
}

/** Wrong codes in a row after which the verify endpoint stops checking a factor. */
export const MAX_FACTOR_FAILURES = 5;

const attemptsExceeded = (factor: MfaFactor) => new DomainError('MFA_ATTEMPTS_EXCEEDED', `Too many wrong codes for this factor; ${factor.status === 'PENDING' ? 'enrol again' : 'sign in with it or delete and enrol it again'}`, { factorId: factor.id, maxAttempts: MAX_FACTOR_FAILURES });

const invalidCode = () => new DomainError('INVALID_MFA_CODE', 'The code is not valid (wrong, expired or already used)', { field: 'code' });
export { invalidCode };
