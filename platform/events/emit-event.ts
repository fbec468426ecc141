import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../ids/ids.js';
import { TENANT_FILTER } from '../orm/tenancy.js';
import type { PlatformEvent } from './platform-event.js';
import type { ORG } from '../orm/tenant-sql.js';
import type { EventType } from '../federation/module-manifest.js';

/** Channel that wakes the dispatcher when an outbox row commits. */
export const EVENTS_CHANNEL = 'platform_events';

/** An event's outbox row as the body of a data-modifying CTE, for callers that write it inside a larger statement. */
export interface OutboxInsert<T> {
  event: PlatformEvent<T>;
  /** `insert into platform.events … returning organization_id`, one row per row of `from` (outboxRow: the VALUES tuple). */
  sql: string;
  params: unknown[];
}

/**
 * The outbox row of a new event. `from` (e.g. `from submission`) writes it once per row of that CTE, so a statement
 * writes the event only when its change happened; without it the row is written once. Inside a `tenantSql` statement
 * pass `ORG` as the organization, so the statement binds its own.
 */
export function outboxInsert<T extends object>(
  organizationId: string | typeof ORG,
  type: EventType,
  data: T,
  from = '',
): OutboxInsert<T> {
  const row = outboxRow(organizationId, type, data);
  return { ...row, sql: `insert into ${OUTBOX_COLUMNS} select ?, ?, ?, ?::jsonb, ? ${from} returning organization_id` };
}

/** The outbox table and the columns `outboxRow` fills, for `insert into ${OUTBOX_COLUMNS} values …`. */
export const OUTBOX_COLUMNS = 'platform.events (id, organization_id, type, data, created_at)';

/**
 * An event's outbox row as one VALUES tuple `(?, ?, ?, ?::jsonb, ?)`, for a statement that writes several events:
 * the rows of one VALUES list are inserted in their order, so the dispatcher sends them in that order.
 */
export function outboxRow<T extends object>(
  organizationId: string | typeof ORG,
  type: EventType,
  data: T,
): OutboxInsert<T> {
  const event: PlatformEvent<T> = { id: newId('evt'), type, timestamp: new Date().toISOString(), data };
  return {
    event,
    sql: '(?, ?, ?, ?::jsonb, ?)',
    params: [event.id, organizationId, type, JSON.stringify(data), event.timestamp],
  };
}

/** The select that NOTIFYs the dispatcher (delivered on commit) once per row of the outbox CTE named `cte`. */
export const notifyEventsOf = (cte: string) =>
  `select pg_notify('${EVENTS_CHANNEL}', organization_id::text) from ${cte}`;

/**
 * Writes the event (a type some module's manifest declares) to the outbox in the EntityManager's current transaction, so the change and its
 * event commit together or not at all. NOTIFY is delivered on commit, which wakes the dispatcher.
 */
export async function emitEvent<T extends object>(
  em: EntityManager,
  type: EventType,
  data: T,
): Promise<PlatformEvent<T>> {
  const organizationId = (em.getFilterParams(TENANT_FILTER) as { organizationId?: string } | undefined)?.organizationId;
  if (!organizationId) throw new Error(`Cannot emit ${type} without an organization`);
  const outbox = outboxInsert(organizationId, type, data);
  // One round trip: the row and its NOTIFY (delivered on commit) in one statement.
  await em.execute(`with inserted as (${outbox.sql}) ${notifyEventsOf('inserted')}`, outbox.params);
  return outbox.event;
}
