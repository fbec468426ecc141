import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { DispatcherWakeUp } from '../../../platform/events/dispatcher-wake-up.js';

import { AuthToken } from '../entities/auth-token.entity.js';
import { Session } from '../entities/session.entity.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';
import { writeAudit } from '../audit/audit-trail.js';
import { MfaService } from '../mfa/mfa.service.js';
import { PolicyService } from '../security/policy.service.js';
import type { PasswordPolicy, SessionPolicy } from '../security/policy-defaults.js';
import { issueToken, parseToken, secretMatches } from '../shared/secret-token.js';
import { clip } from '../shared/request-info.js';
import { normalizeEmail } from '../users/user.validate.js';
import type { AuthDeps } from '../auth-deps.js';
import { revokeSessions } from './session-revocation.js';
import { countFailure, locked, type Client } from '../security/lockout.js';
import { writeOpenedSession } from './session-open.write.js';
import { readSignIn } from './sign-in.read.js';
import type { SignInInput, SignInMfaInput, SignInResult } from './session.types.js';

const MFA_CHALLENGE_MINUTES = 5;

/**
 * Email + password sign-in, then a second factor when the user has one (or the policy demands one). Failures are
 * committed (audit log, failed-attempt counter) before the error is thrown, so a failed sign-in still leaves its trace.
 */
export class SignInService {
  private readonly policies = new PolicyService();
  private readonly mfa: MfaService;
  /** Wakes the events dispatchers after a session's statement committed (it does not NOTIFY itself). */
  private readonly wake: DispatcherWakeUp;

  constructor(private readonly deps: AuthDeps) {
    this.mfa = new MfaService(deps);
    this.wake = new DispatcherWakeUp(() => deps.orm.em, deps.logger);
  }

  async signIn(em: EntityManager, input: SignInInput): Promise<SignInResult> {
    const { user, client, sessionPolicy } = await this.authenticate(em, input);
    return this.openSession(
      em,
      user,
      client,
      { applicationId: input.applicationId ?? null, mfaVerified: false, method: 'password' },
      sessionPolicy,
    );
  }

  /**
   * Every check of a password sign-in, without opening a session (the hosted sign-in page hands out a one-time code
   * instead): the user whose password matched and may sign in now, or the error (MFA_REQUIRED with a challenge).
   */
  async authenticate(
    em: EntityManager,
    input: SignInInput,
  ): Promise<{ user: User; client: Client; sessionPolicy: SessionPolicy }> {
    const email = normalizeEmail(input.email);
    if (typeof input.password !== 'string' || input.password.length === 0)
      throw invalid('password', input.password ?? null, 'a non-empty string', 'password is required');
    if (input.password.length > 1024)
      throw invalid('password', `${input.password.length} characters`, 'at most 1024 characters');
    const client = clip(input);
    const applicationId = input.applicationId ?? null;
    // Round trips are the sign-in's cost beside the hash itself: everything the checks need comes in one, then the hash.
    const facts = await readSignIn(em, email, applicationId);
    if (!facts.applicationFound)
      throw invalid('applicationId', applicationId, "the id of one of this organization's applications (app_…)");
    const { user, password: policy, session: sessionPolicy } = facts;
    if (!user || !user.passwordHash) {
      await this.deps.hasher.verify(input.password, await this.deps.hasher.decoyHash()); // same work as a real check: timing does not reveal the address
      await this.fail(em, null, client, { email, reason: user ? 'NO_PASSWORD' : 'UNKNOWN_USER' });
      throw badCredentials();
    }
    const now = this.deps.now();
    if (user.lockedUntil && user.lockedUntil > now) {
      await this.fail(em, user, client, { email, reason: 'ACCOUNT_LOCKED' });
      throw locked(user.lockedUntil);
    }
    const matches = await this.deps.hasher.verify(input.password, user.passwordHash);
    if (!matches) {
      const lockedUntil = await this.countFailure(em, user.id, policy, client, { email, reason: 'INVALID_PASSWORD' });
      if (lockedUntil) throw locked(lockedUntil);
      throw badCredentials();
    }
    await this.checkAllowed(em, user, policy, client);
    await this.requireNoSecondFactor(em, user, client, applicationId, { sessionPolicy, hasFactor: facts.hasFactor });
    return { user, client, sessionPolicy };
  }

  /** MFA_REQUIRED with a fresh challenge when the user has a verified factor or the session policy demands one. */
  async requireNoSecondFactor(
    em: EntityManager,
    user: User,
    client: Client,
    applicationId: string | null,
    known?: { sessionPolicy: SessionPolicy; hasFactor: boolean },
  ): Promise<void> {
    const email = user.email;
    const now = this.deps.now();
    const sessionPolicy = known?.sessionPolicy ?? (await this.policies.sessionPolicy(em));
    const hasFactor = known?.hasFactor ?? (await this.mfa.hasVerifiedFactor(em, user.id));
    if (hasFactor || sessionPolicy.mfaRequired) {
      if (!hasFactor) {
        await this.fail(em, user, client, { email, reason: 'MFA_ENROLLMENT_REQUIRED' });
        throw new DomainError(
          'MFA_REQUIRED',
          'The session policy requires a second factor and this user has none; enrol one first',
          { enrollmentRequired: true, userId: user.id },
        );
      }
      const challenge = issueToken('mfa_ch');
      const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_MINUTES * 60_000);
      await em.transactional(async (tx) => {
        tx.create(AuthToken, {
          id: challenge.id,
          organizationId: undefined as never,
          kind: 'MFA_CHALLENGE',
          userId: user.id,
          secretHash: challenge.secretHash,
          data: { applicationId },
          expiresAt,
          createdAt: now,
        });
        await tx.flush();
      });
      throw new DomainError(
        'MFA_REQUIRED',
        'A second factor is required: send a TOTP or recovery code with this mfaToken to POST /auth/sign-in/mfa',
        {
          mfaToken: challenge.token,
          factors: ['totp', 'recovery_code'],
          expiresAt: expiresAt.toISOString(),
        },
      );
    }
  }

  /** Second step: the challenge token plus a TOTP or recovery code. Wrong codes count towards the lockout. */
  async completeMfa(em: EntityManager, input: SignInMfaInput): Promise<SignInResult> {
    const done = await this.authenticateMfa(em, input);
    return this.openSession(em, done.user, done.client, {
      applicationId: done.applicationId,
      mfaVerified: true,
      method: done.method,
    });
  }

  /** The second step's checks without opening a session: the challenge's user, once the code was accepted. */
  async authenticateMfa(
    em: EntityManager,
    input: SignInMfaInput,
  ): Promise<{ user: User; client: Client; applicationId: string | null; method: string }> {
    const parsed = parseToken(input.mfaToken, 'mfa_ch');
    if (!parsed) throw invalid('mfaToken', input.mfaToken ?? null, 'the mfaToken of an MFA_REQUIRED answer');
    const client = clip(input);
    const now = this.deps.now();
    const challenge = await em.findOne(AuthToken, { id: parsed.id, kind: 'MFA_CHALLENGE' });
    if (
      !challenge ||
      !secretMatches(parsed.secret, Buffer.from(challenge.secretHash)) ||
      challenge.usedAt ||
      challenge.expiresAt <= now ||
      !challenge.userId
    ) {
      throw new DomainError('INVALID_TOKEN', 'The mfaToken is unknown, expired or already used; sign in again', {
        field: 'mfaToken',
      });
    }
    const user = await em.findOne(User, { id: challenge.userId, deletedAt: null });
    if (!user)
      throw new DomainError('INVALID_TOKEN', 'The mfaToken is no longer valid; sign in again', { field: 'mfaToken' });
    const policy = await this.policies.passwordPolicy(em);
    if (user.lockedUntil && user.lockedUntil > now) {
      await this.fail(em, user, client, { email: user.email, reason: 'ACCOUNT_LOCKED' });
      throw locked(user.lockedUntil);
    }
    const hasCode = typeof input.code === 'string' && input.code.length > 0;
    const hasRecovery = typeof input.recoveryCode === 'string' && input.recoveryCode.length > 0;
    if (hasCode === hasRecovery) throw invalid('code', input.code ?? null, 'exactly one of code and recoveryCode');
    let factors: Awaited<ReturnType<MfaService['claimSignInAttempts']>> = [];
    if (hasCode) {
      try {
        factors = await this.mfa.claimSignInAttempts(em, user.id);
      } catch (error) {
        await this.fail(em, user, client, { email: user.email, reason: 'MFA_ATTEMPTS_EXCEEDED', method: 'totp' });
        throw error;
      }
    }
    const accepted = await em.transactional(async (tx) => {
      const ok = hasCode
        ? await this.mfa.checkSignInTotp(tx, factors, input.code)
        : await this.mfa.consumeRecoveryCode(tx, user.id, input.recoveryCode);
      if (ok) await tx.nativeUpdate(AuthToken, { id: challenge.id }, { usedAt: now });
      if (ok && !hasCode) await this.mfa.resetAttempts(tx, user.id);
      return ok;
    });
    if (!accepted) {
      const lockedUntil = await this.countFailure(em, user.id, policy, client, {
        email: user.email,
        reason: 'INVALID_MFA_CODE',
        method: hasCode ? 'totp' : 'recovery_code',
      });
      if (lockedUntil) throw locked(lockedUntil);
      throw new DomainError('INVALID_MFA_CODE', 'The code is not valid (wrong, expired or already used)', {
        field: hasCode ? 'code' : 'recoveryCode',
      });
    }
    await this.checkAllowed(em, user, policy, client);
    return {
      user,
      client,
      applicationId: (challenge.data.applicationId as string | null) ?? null,
      method: hasCode ? 'totp' : 'recovery_code',
    };
  }

  /** Blocked and unverified users stop here, after their password proved who they are. */
  private async checkAllowed(em: EntityManager, user: User, policy: PasswordPolicy, client: Client) {
    if (user.status === UserStatus.BLOCKED) {
      await this.fail(em, user, client, { email: user.email, reason: 'USER_BLOCKED' });
      throw new DomainError('USER_BLOCKED', 'This account is blocked');
    }
    if (policy.requireEmailVerification && !user.emailVerified) {
      await this.fail(em, user, client, { email: user.email, reason: 'EMAIL_NOT_VERIFIED' });
      throw new DomainError('EMAIL_NOT_VERIFIED', 'The email address must be verified before signing in');
    }
  }

  /** A new session for a user every check already admitted (login.success, session.created, the policy's maximum). */
  async openSession(
    em: EntityManager,
    user: User,
    client: Client,
    options: { applicationId: string | null; mfaVerified: boolean; method: string },
    knownPolicy?: SessionPolicy,
  ): Promise<SignInResult> {
    const now = this.deps.now();
    const policy = knownPolicy ?? (await this.policies.sessionPolicy(em));
    const issued = issueToken('sess');
    const opening = {
      user,
      client,
      issued,
      ...options,
      now,
      expiresAt: new Date(now.getTime() + policy.lifetimeMinutes * 60_000),
    };
    // Without a session limit the one statement is the whole write; a limit adds the trim, in one transaction with it.
    // Alone, the statement commits without NOTIFY and the dispatchers are woken after it (see SessionOpening.notify).
    let opened: Awaited<ReturnType<typeof writeOpenedSession>>;
    if (policy.maxSessionsPerUser > 0) {
      opened = await em.transactional(async (tx) => {
        const written = await writeOpenedSession(tx, { ...opening, notify: true });
        await this.trimSessions(tx, user.id, policy.maxSessionsPerUser, now);
        return written;
      });
    } else {
      opened = await writeOpenedSession(em, { ...opening, notify: false });
      setImmediate(() => this.wake.request()); // once the answer is written: its send costs 0.1 ms of main thread
    }
    return { token: issued.token, ...opened };
  }

  /** Ends the oldest active sessions beyond the policy's maximum. */
  private async trimSessions(tx: EntityManager, userId: string, max: number, now: Date) {
    const active = await tx.find(
      Session,
      { userId, revokedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    for (const old of active.slice(max)) await revokeSessions(tx, this.deps, { sessionId: old.id }, now);
  }

  private countFailure(
    em: EntityManager,
    userId: string,
    policy: PasswordPolicy,
    client: Client,
    data: Record<string, unknown>,
  ): Promise<Date | null> {
    return countFailure(em, this.deps.now(), userId, policy, client, data);
  }

  private async fail(em: EntityManager, user: User | null, client: Client, data: Record<string, unknown>) {
    await writeAudit(em, { type: 'login.failed', userId: user?.id ?? null, ...client, data }, this.deps.now());
  }
}

const badCredentials = () => new DomainError('INVALID_CREDENTIALS', 'Wrong email or password');
