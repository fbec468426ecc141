import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { AuditLog } from '../entities/audit-log.entity.js';
import type { AUTH_MANIFEST } from '../auth-manifest.js';

/** Event types that are also webhook events; other audit types stay in the log only. */
const WEBHOOK_TYPES: ReadonlySet<string> = new Set<AuthEventType>(['user.created', 'user.deleted', 'user.blocked', 'login.success', 'login.failed', 'mfa.enrolled', 'password.changed', 'password.reset']);

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
    id: newId('log'), organizationId: undefined as never, type: entry.type, userId: entry.userId ?? null,
    ip: entry.ip ?? null, userAgent: entry.userAgent ?? null, data: entry.data ?? {}, createdAt: at,
  });
  await tx.flush();
  if (isWebhookType(entry.type)) {
    await emitEvent(tx, entry.type, { userId: entry.userId ?? null, ...entry.data, ip: entry.ip ?? null, userAgent: entry.userAgent ?? null, occurredAt: at.toISOString() });
  }
}
