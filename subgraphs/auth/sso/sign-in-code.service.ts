import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import type { AuthDeps } from '../auth-deps.js';
import { AuthToken } from '../entities/auth-token.entity.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';
import { locked } from '../security/lockout.js';
import { SignInService } from '../sessions/sign-in.service.js';
import { clip, type RequestInfo } from '../shared/request-info.js';
import { parseToken, secretMatches } from '../shared/secret-token.js';
import type { SignInCodeData } from './sign-in-code.js';
import type { SignInCodeResult } from './sso.types.js';

const badCode = () =>
  new DomainError('INVALID_TOKEN', 'The code is unknown, expired or already used; sign in again', { field: 'code' });

/**
 * `POST /auth/sso/token`: the application's backend, with its organization's key, turns the code its redirect URI
 * received into a session, once. The user is checked again (blocked, locked or deleted since), and a second factor is
 * asked for as at sign-in (MFA_REQUIRED with an mfaToken for POST /auth/sign-in/mfa) unless the hosted page checked one.
 */
export class SignInCodeService {
  private readonly signIns: SignInService;

  constructor(private readonly deps: AuthDeps) {
    this.signIns = new SignInService(deps);
  }

  async redeem(
    em: EntityManager,
    code: unknown,
    applicationId: string | null | undefined,
    info?: RequestInfo | null,
  ): Promise<SignInCodeResult> {
    const parsed = parseToken(code, 'sic');
    if (!parsed)
      throw invalid(
        'code',
        typeof code === 'string' ? `${code.length} characters` : (code ?? null),
        'the code your redirect URI received',
      );
    const now = this.deps.now();
    const row = await em.findOne(AuthToken, { id: parsed.id, kind: 'SIGN_IN_CODE' });
    if (
      !row ||
      !secretMatches(parsed.secret, Buffer.from(row.secretHash)) ||
      row.usedAt ||
      row.expiresAt <= now ||
      !row.userId
    )
      throw badCode();
    const data = row.data as unknown as SignInCodeData;
    if (applicationId && applicationId !== data.applicationId) throw badCode();
    // Used once, whatever happens next: two redemptions racing see one winner.
    const claimed = await em.nativeUpdate(AuthToken, { id: row.id, usedAt: null }, { usedAt: now });
    if (claimed === 0) throw badCode();
    const user = await em.findOne(User, { id: row.userId, deletedAt: null });
    if (!user) throw badCode();
    if (user.status === UserStatus.BLOCKED) throw new DomainError('USER_BLOCKED', 'This account is blocked');
    if (user.lockedUntil && user.lockedUntil > now) throw locked(user.lockedUntil);
    const client = clip(info);
    if (!data.mfaVerified) await this.signIns.requireNoSecondFactor(em, user, client, data.applicationId);
    const opened = await this.signIns.openSession(em, user, client, {
      applicationId: data.applicationId,
      mfaVerified: data.mfaVerified,
      method: data.method,
    });
    return { ...opened, profile: data.profile ?? null };
  }
}
