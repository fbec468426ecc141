import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent, notifyEventsOf, OUTBOX_COLUMNS, outboxRow } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { ORG, sql, sqlOf, tenantSql, type SqlStatement } from '../../../platform/orm/tenant-sql.js';
import { AuditLog } from '../entities/audit-log.entity.js';
import type { AUTH_MANIFEST } from '../auth-manifest.js';

/** Event types that are also webhook events; other audit types stay in the log only. */
const WEBHOOK_TYPES: ReadonlySet<string> = new Set<AuthEventType>([
  'user.created',
  'user.deleted',
  'user.blocked',
  'login.success',
  'login.failed',
  'mfa.enrolled',
  'password.changed',
  'password.reset',
]);

type AuthEventType = (typeof AUTH_MANIFEST.events)[number];
const isWebhookType = (type: string): type is AuthEventType => WEBHOOK_TYPES.has(type);

export interface AuditEntry {
  type: string;
  userId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Writes one audit entry and, for the spec's auth events, the webhook event, in the caller's transaction: the log
 * and the webhook see the same facts. Event data is the entry's data plus userId, ip and userAgent.
 */
export async function recordAudit(tx: EntityManager, entry: AuditEntry, at: Date): Promise<void> {
  tx.create(AuditLog, {
    id: newId('log'),
    organizationId: undefined as never,
    type: entry.type,
    userId: entry.userId ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ?? null,
    data: entry.data ?? {},
    createdAt: at,
  });
  await tx.flush();
  if (isWebhookType(entry.type)) await emitEvent(tx, entry.type, auditEventData(entry, at));
}

/** The webhook event's data of an audit entry: its data plus userId, ip, userAgent and when it happened. */
export function auditEventData(entry: AuditEntry, at: Date): Record<string, unknown> {
  return {
    userId: entry.userId ?? null,
    ...entry.data,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ?? null,
    occurredAt: at.toISOString(),
  };
}

/**
 * The same as recordAudit in ONE statement, atomic without BEGIN/COMMIT: the audit row and, for a webhook type, its
 * outbox row and NOTIFY. For a failure answered at once (login.failed), where a transaction would cost three round trips.
 */
export async function writeAudit(em: EntityManager, entry: AuditEntry, at: Date): Promise<void> {
  const row = auditRow(entry, at);
  if (!isWebhookType(entry.type)) {
    await tenantSql(em).rowsBound(sql`insert into auth.audit_logs ${row}`, 'auth.audit');
    return;
  }
  const event = outboxRow(ORG, entry.type, auditEventData(entry, at));
  await tenantSql(em).rowsBound(
    sql`
    with audited as (insert into auth.audit_logs ${row}),
    events as (insert into ${sqlOf(OUTBOX_COLUMNS, [])} values ${sqlOf(event.sql, event.params)} returning organization_id)
    ${sqlOf(notifyEventsOf('events'), [])}`,
    'auth.audit.event',
  );
}

/** `(columns) values (…)` of one audit row, for a statement of its own or a CTE of a larger one. */
export function auditRow(entry: AuditEntry, at: Date): SqlStatement {
  return sql`(id, organization_id, type, user_id, ip, user_agent, data, created_at)
    values (${newId('log')}, ${ORG}, ${entry.type}, ${entry.userId ?? null}::text, ${entry.ip ?? null}::text, ${entry.userAgent ?? null}::text, ${JSON.stringify(entry.data ?? {})}::jsonb, ${at})`;
}
