import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyEventsOf, OUTBOX_COLUMNS, outboxRow } from '../../../platform/events/emit-event.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { auditEventData, auditRow } from '../audit/audit-trail.js';
import { Session } from '../entities/session.entity.js';
import { User } from '../entities/user.entity.js';
import type { Client } from '../security/lockout.js';
import type { IssuedToken } from '../shared/secret-token.js';

/** A session to open for a user every check already admitted. */
export interface SessionOpening {
  user: User;
  client: Client;
  issued: IssuedToken;
  applicationId: string | null;
  mfaVerified: boolean;
  method: string;
  now: Date;
  expiresAt: Date;
  /**
   * NOTIFY the events dispatchers from the statement (in a transaction: delivered at its commit). False when the
   * statement commits on its own and the caller wakes them after it: a commit that NOTIFYs holds PostgreSQL's
   * database-wide notify lock through its WAL flush, so concurrent sign-ins would commit one flush at a time.
   */
  notify: boolean;
}

/** The outbox rows' NOTIFY, or (the caller wakes the dispatchers after the commit) only their count. */
const NOTIFY = sqlOf(`${notifyEventsOf('events')} limit 1`, []);
const COUNT_ONLY = sqlOf('select count(*) from events', []);

/**
 * Opens the session in ONE statement (atomic without BEGIN/COMMIT; in the caller's transaction when there is one): the
 * session row, the user's cleared failure count and last sign-in, the `login.success` audit entry, and the outbox rows
 * of `login.success` then `session.created`, with their NOTIFY when `notify`. The updated user row comes back and refreshes the
 * managed entity, so nothing is read again.
 */
export async function writeOpenedSession(
  em: EntityManager,
  o: SessionOpening,
): Promise<{ session: Session; user: User }> {
  const { user, client, now } = o;
  const entry = {
    type: 'login.success',
    userId: user.id,
    ...client,
    data: { email: user.email, sessionId: o.issued.id, method: o.method },
  };
  const login = outboxRow(ORG, 'login.success', auditEventData(entry, now));
  const created = outboxRow(ORG, 'session.created', {
    userId: user.id,
    sessionId: o.issued.id,
    applicationId: o.applicationId,
    method: o.method,
    mfaVerified: o.mfaVerified,
    expiresAt: o.expiresAt.toISOString(),
    ...client,
    occurredAt: now.toISOString(),
  });
  const db = tenantSql(em);
  // updated_at is the wall clock, as the entity's onUpdate stamps it; the sign-in's own times are the module's clock.
  const [row] = await db.rowsBound<Record<string, unknown>>(
    sql`
    with opened as (
      insert into auth.sessions (id, organization_id, user_id, secret_hash, application_id, ip, user_agent, mfa_verified, created_at, last_active_at, expires_at)
      values (${o.issued.id}, ${ORG}, ${user.id}, ${o.issued.secretHash}, ${o.applicationId}::text, ${client.ip}::text, ${client.userAgent}::text, ${o.mfaVerified}, ${now}, ${now}, ${o.expiresAt})),
    audited as (insert into auth.audit_logs ${auditRow(entry, now)}),
    events as (
      insert into ${sqlOf(OUTBOX_COLUMNS, [])} values ${sqlOf(login.sql, login.params)}, ${sqlOf(created.sql, created.params)}
      returning organization_id),
    signed_in as (
      update auth.users u set failed_attempts = 0, locked_until = null, last_sign_in_at = ${now}, updated_at = ${new Date()}
      where u.organization_id = ${ORG} and u.id = ${user.id}
      returning u.*)
    select signed_in.*, (${o.notify ? NOTIFY : COUNT_ONLY}) as notified from (select 1) as one left join signed_in on true`,
    o.notify ? 'auth.session-open' : 'auth.session-open.wake-after',
  );
  const session = Object.assign(new Session(), {
    id: o.issued.id,
    organizationId: db.organizationId,
    userId: user.id,
    secretHash: o.issued.secretHash,
    applicationId: o.applicationId,
    ip: client.ip,
    userAgent: client.userAgent,
    mfaVerified: o.mfaVerified,
    createdAt: now,
    lastActiveAt: now,
    expiresAt: o.expiresAt,
    revokedAt: null,
  });
  const { notified: _notified, ...signedIn } = row!;
  // No row: the user went between the checks and this write (a hard delete would have failed the session's insert).
  return { session, user: signedIn.id ? em.map(User, signedIn) : user };
}
