import { DomainError } from '../../../platform/errors/domain-error.js';
import { SESSION_POLICY_DEFAULTS } from '../security/policy-defaults.js';
import { parseToken, secretMatches } from '../shared/secret-token.js';
import type { CachedSession, SessionCache } from './session-cache.js';
import { ORG, sql, type TenantSql } from '../../../platform/orm/tenant-sql.js';

const TOUCH_EVERY_MS = 60_000;

/** What a customer's backend learns about a valid token: the session and its user (the answer of both paths). */
export interface VerifiedSession {
  valid: true;
  session: {
    id: string;
    userId: string;
    mfaVerified: boolean;
    createdAt: string;
    expiresAt: string;
    lastActiveAt: string;
  };
  user: { id: string; email: string; emailVerified: boolean; status: string };
}

/**
 * Session token verification, shared by GraphQL and the fast HTTP path: the token's id finds the session (cache
 * first, then one SQL read), its secret is compared in constant time with the stored hash, then revocation, expiry,
 * idle timeout and the user's status are checked. last_active_at is written at most once a minute per session.
 */
export class SessionVerifier {
  constructor(
    private readonly cache: SessionCache,
    private readonly now: () => Date,
  ) {}

  /** `db` binds the caller's organization: the request's EntityManager, or the verified key's on the fast path. */
  async verify(db: TenantSql, token: unknown): Promise<VerifiedSession> {
    const organizationId = db.organizationId;
    const parsed = parseToken(token, 'sess');
    if (!parsed) throw invalidSession();
    await this.cache.start();
    const nowMs = this.now().getTime();
    let entry = this.cache.get(parsed.id, nowMs);
    if (!entry || entry.organizationId !== organizationId) {
      entry = await this.load(db, parsed.id, nowMs);
      if (!entry) throw invalidSession();
      this.cache.set(entry);
    }
    if (!secretMatches(parsed.secret, entry.secretHash)) throw invalidSession();
    const idleMs = entry.idleTimeoutMinutes * 60_000;
    if (
      entry.revoked ||
      entry.expiresAt.getTime() <= nowMs ||
      (idleMs > 0 && entry.lastActiveAt.getTime() + idleMs <= nowMs)
    )
      throw invalidSession();
    if (entry.userStatus === 'BLOCKED' || entry.userStatus === 'DELETED') throw invalidSession();
    if (nowMs - entry.touchedAt >= TOUCH_EVERY_MS) {
      entry.touchedAt = nowMs;
      entry.lastActiveAt = new Date(nowMs);
      // Awaited (once a minute per session), so the next read anywhere sees it; a failed touch only makes the idle
      // timeout count from the previous one.
      await db
        .run(
          sql`update auth.sessions set last_active_at = ${entry.lastActiveAt} where id = ${entry.id} and organization_id = ${ORG}`,
        )
        .catch(() => undefined);
    }
    return render(entry);
  }

  private async load(db: TenantSql, id: string, nowMs: number): Promise<CachedSession | undefined> {
    const rows = await db.rows<Record<string, any>>(
      sql`select s.id, s.organization_id, s.secret_hash, s.user_id, s.mfa_verified, s.created_at, s.expires_at, s.last_active_at, s.revoked_at,
              u.email, u.email_verified, u.status, p.session as policy
         from auth.sessions s join auth.users u on u.id = s.user_id and u.organization_id = s.organization_id left join auth.policies p on p.organization_id = s.organization_id
        where s.id = ${id} and s.organization_id = ${ORG}`,
    );
    const row = rows[0];
    if (!row) return undefined;
    const policy = typeof row.policy === 'string' ? JSON.parse(row.policy) : row.policy;
    return {
      id: row.id,
      organizationId: row.organization_id,
      secretHash: Buffer.from(row.secret_hash),
      userId: row.user_id,
      email: row.email,
      emailVerified: row.email_verified,
      userStatus: row.status,
      mfaVerified: row.mfa_verified,
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      lastActiveAt: new Date(row.last_active_at),
      revoked: row.revoked_at !== null,
      idleTimeoutMinutes: policy?.idleTimeoutMinutes ?? SESSION_POLICY_DEFAULTS.idleTimeoutMinutes,
      loadedAt: nowMs,
      touchedAt: new Date(row.last_active_at).getTime(),
    };
  }
}

function render(entry: CachedSession): VerifiedSession {
  return {
    valid: true,
    session: {
      id: entry.id,
      userId: entry.userId,
      mfaVerified: entry.mfaVerified,
      createdAt: entry.createdAt.toISOString(),
      expiresAt: entry.expiresAt.toISOString(),
      lastActiveAt: entry.lastActiveAt.toISOString(),
    },
    user: { id: entry.userId, email: entry.email, emailVerified: entry.emailVerified, status: entry.userStatus },
  };
}

export const invalidSession = () =>
  new DomainError('INVALID_SESSION', 'The session token is invalid, expired or revoked');
