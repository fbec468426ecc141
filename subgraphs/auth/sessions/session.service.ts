import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { tenantSql } from '../../../platform/orm/tenant-sql.js';
import { Session } from '../entities/session.entity.js';
import { recordAudit } from '../audit/audit-trail.js';
import { clip, type RequestInfo } from '../shared/request-info.js';
import type { AuthDeps } from '../auth-deps.js';
import { revokeSessions } from './session-revocation.js';
import { SessionVerifier, type VerifiedSession } from './session-verifier.js';
import type { SessionsRevoked } from './session.types.js';

/** Sessions as operators see them (list, revoke) and as a customer's backend uses them (verify, sign out). */
export class SessionService {
  readonly verifier: SessionVerifier;

  constructor(private readonly deps: AuthDeps) {
    this.verifier = new SessionVerifier(deps.sessions, deps.now);
  }

  verify(em: EntityManager, token: unknown): Promise<VerifiedSession> {
    return this.verifier.verify(tenantSql(em), token);
  }

  /** Ends the session the token belongs to; the token must still be valid. */
  async signOut(em: EntityManager, token: unknown, info?: RequestInfo | null): Promise<SessionsRevoked> {
    const verified = await this.verify(em, token);
    const now = this.deps.now();
    const revoked = await em.transactional(async (tx) => {
      const ids = await revokeSessions(tx, this.deps, { sessionId: verified.session.id }, now);
      await recordAudit(
        tx,
        { type: 'logout', userId: verified.user.id, ...clip(info), data: { sessionId: verified.session.id } },
        now,
      );
      return ids;
    });
    return { revoked };
  }

  list(em: EntityManager, userId: string, includeInactive: boolean): Promise<Session[]> {
    const where = includeInactive ? { userId } : { userId, revokedAt: null, expiresAt: { $gt: this.deps.now() } };
    return em.find(Session, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500 });
  }

  async revoke(em: EntityManager, sessionId: string, info?: RequestInfo | null): Promise<Session> {
    const session = await em.findOne(Session, { id: sessionId });
    if (!session) throw notFound('Session');
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      const ids = await revokeSessions(tx, this.deps, { sessionId }, now);
      if (ids.length > 0)
        await recordAudit(
          tx,
          { type: 'session.revoked', userId: session.userId, ...clip(info), data: { sessionId } },
          now,
        );
    });
    await em.refresh(session);
    return session;
  }

  async revokeAll(em: EntityManager, userId: string, info?: RequestInfo | null): Promise<SessionsRevoked> {
    const now = this.deps.now();
    const revoked = await em.transactional(async (tx) => {
      const ids = await revokeSessions(tx, this.deps, { userId }, now);
      await recordAudit(tx, { type: 'session.revoked_all', userId, ...clip(info), data: { count: ids.length } }, now);
      return ids;
    });
    return { revoked };
  }
}
