import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { Organization } from '../../../platform/organizations/organization.entity.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { ORG, sql, TenantSql } from '../../../platform/orm/tenant-sql.js';
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
      throw new DomainError('CONFLICT', 'The user already has a verified TOTP factor; delete it to enrol again', {
        field: 'userId',
        received: user.id,
      });
    }
    const secret = newTotpSecret();
    const box = await this.deps.secrets();
    const issuer = (await em.findOne(Organization, { id: tenantOf(em) }))?.name ?? 'Platform';
    await em.nativeDelete(MfaFactor, { userId: user.id, status: 'PENDING' });
    const id = newId('mfa');
    em.create(MfaFactor, {
      id,
      organizationId: undefined as never,
      userId: user.id,
      type: 'TOTP',
      status: 'PENDING',
      secretSealed: box.seal(secret, id),
      createdAt: this.deps.now(),
    });
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
    const failures = await this.claimAttempt(em, factor.id);
    if (failures === null) throw attemptsExceeded(factor);
    const verified = await em.transactional(async (tx) => {
      if (!(await this.consumeTotp(tx, factor, code, now))) return false;
      if (factor.status === 'PENDING') {
        tx.assign(factor, { status: 'VERIFIED', verifiedAt: now });
        await tx.flush();
        await recordAudit(
          tx,
          { type: 'mfa.enrolled', userId: user.id, ...clip(info), data: { factorId: factor.id, factorType: 'TOTP' } },
          now,
        );
      }
      return true;
    });
    if (verified) return { verified: true, factor };
    // The attempt claimed above stays counted; the audit trail and the account lockout are committed before the error.
    const policy = await new PolicyService().passwordPolicy(em);
    const lockedUntil = await countFailure(em, now, user.id, policy, clip(info), {
      reason: 'INVALID_MFA_CODE',
      method: 'totp_verify',
      factorId: factor.id,
    });
    if (lockedUntil) throw locked(lockedUntil);
    throw new DomainError('INVALID_MFA_CODE', 'The code is not valid (wrong, expired or already used)', {
      field: 'code',
      attemptsLeft: Math.max(0, MAX_FACTOR_FAILURES - failures),
    });
  }

  /**
   * Before a sign-in's second step checks a TOTP code: takes one attempt on each verified factor of the user (committed
   * at once, outside the check's transaction). MFA_ATTEMPTS_EXCEEDED when no factor has one left, whatever the
   * account lockout setting. Returns the factors that may be checked.
   */
  async claimSignInAttempts(em: EntityManager, userId: string): Promise<MfaFactor[]> {
    const factors = await em.find(
      MfaFactor,
      { userId, type: 'TOTP', status: 'VERIFIED' },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const claimed: MfaFactor[] = [];
    for (const factor of factors) if ((await this.claimAttempt(em, factor.id)) !== null) claimed.push(factor);
    if (factors.length > 0 && claimed.length === 0) throw attemptsExceeded(factors[0]!);
    return claimed;
  }

  /** A sign-in's second step: a code of one of the factors claimed above, accepted once. */
  async checkSignInTotp(tx: EntityManager, factors: MfaFactor[], code: unknown): Promise<boolean> {
    for (const factor of factors) if (await this.consumeTotp(tx, factor, code, this.deps.now())) return true;
    return false;
  }

  /** A sign-in with a recovery code proves the user: their factors' runs of wrong codes end, as a right code would end them. */
  async resetAttempts(tx: EntityManager, userId: string): Promise<void> {
    await tx.nativeUpdate(MfaFactor, { userId, failedAttempts: { $gt: 0 } }, { failedAttempts: 0 });
  }

  async deleteFactor(
    em: EntityManager,
    userId: string,
    factorId: string,
    info?: RequestInfo | null,
  ): Promise<MfaFactor> {
    const factor = await em.findOne(MfaFactor, { id: factorId, userId });
    if (!factor) throw notFound('MFA factor');
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      await tx.nativeDelete(MfaFactor, { id: factor.id });
      await recordAudit(
        tx,
        { type: 'mfa.removed', userId, ...clip(info), data: { factorId: factor.id, factorType: factor.type } },
        now,
      );
    });
    return factor;
  }

  /** A fresh set of codes; the previous set stops working. */
  async generateRecoveryCodes(em: EntityManager, userId: string, info?: RequestInfo | null): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      await tx.nativeDelete(RecoveryCode, { userId });
      for (const code of codes)
        tx.create(RecoveryCode, {
          id: newId('rc'),
          organizationId: undefined as never,
          userId,
          codeHash: hashRecoveryCode(code),
          createdAt: now,
        });
      await tx.flush();
      await recordAudit(
        tx,
        { type: 'mfa.recovery_codes_generated', userId, ...clip(info), data: { count: codes.length } },
        now,
      );
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
    const updated = await tx.nativeUpdate(
      MfaFactor,
      { id: factor.id, lastUsedStep: factor.lastUsedStep ?? null },
      { lastUsedStep: String(step) },
    );
    if (updated !== 1) return false;
    factor.lastUsedStep = String(step);
    await tx.nativeUpdate(MfaFactor, { id: factor.id }, { failedAttempts: 0 }); // a right code ends the run of wrong ones (its own claimed attempt included)
    factor.failedAttempts = 0;
    return true;
  }

  /**
   * Takes one attempt of a factor before its code is checked, in one conditional UPDATE ... RETURNING: concurrent
   * calls serialize on the row, so no more than MAX_FACTOR_FAILURES codes are ever checked in a row, however many
   * arrive at once. Returns the attempts now used, or null when none is left. Committed on its own (the caller's
   * EntityManager outside any transaction), so a refused code stays counted.
   */
  private async claimAttempt(em: EntityManager, factorId: string): Promise<number | null> {
    const [row] = await new TenantSql(em).rows<{ failed_attempts: number }>(
      sql`update auth.mfa_factors set failed_attempts = failed_attempts + 1 where organization_id = ${ORG} and id = ${factorId} and failed_attempts < ${MAX_FACTOR_FAILURES} returning failed_attempts`,
    );
    return row ? Number(row.failed_attempts) : null;
  }
}

/** Wrong codes in a row after which a factor is no longer checked (verify endpoint and sign-in step alike). */
export const MAX_FACTOR_FAILURES = 5;

const attemptsExceeded = (factor: MfaFactor) =>
  new DomainError(
    'MFA_ATTEMPTS_EXCEEDED',
    `Too many wrong codes for this factor; ${factor.status === 'PENDING' ? 'enrol again' : 'sign in with a recovery code, or delete and enrol it again'}`,
    { factorId: factor.id, maxAttempts: MAX_FACTOR_FAILURES },
  );
