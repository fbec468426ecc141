import type { EntityManager } from '@mikro-orm/postgresql';
import { ORG, crossTenantSql, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { AuthDeps } from '../auth-deps.js';
import { SESSION_REVOKED_CHANNEL } from './session-cache.js';

/** Revokes sessions in the caller's transaction; the NOTIFY on commit tells every process to drop them from its cache. */
export async function revokeSessions(
  tx: EntityManager,
  deps: Pick<AuthDeps, 'sessions'>,
  where: { userId?: string; sessionId?: string },
  at: Date,
): Promise<string[]> {
  const db = tenantSql(tx);
  const rows = await db.rows<{ id: string }>(
    sql`update auth.sessions set revoked_at = ${at} where organization_id = ${ORG} and revoked_at is null and ${where.sessionId ? sql`id = ${where.sessionId}` : sql`user_id = ${where.userId ?? null}`} returning id`,
  );
  const ids = rows.map((r) => r.id);
  // Payloads are limited to 8000 bytes: chunk the ids (about 30 bytes each).
  for (let i = 0; i < ids.length; i += 200)
    await crossTenantSql(tx, 'auth: NOTIFY carries session ids to every process cache').rows(
      sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${ids.slice(i, i + 200).join(',')})`,
    );
  deps.sessions.drop(ids);
  return ids;
}

export const revokeUserSessions = (tx: EntityManager, deps: Pick<AuthDeps, 'sessions'>, userId: string, at: Date) =>
  revokeSessions(tx, deps, { userId }, at);
