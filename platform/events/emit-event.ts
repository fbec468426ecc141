import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../ids/ids.js';
import { TENANT_FILTER } from '../orm/tenancy.js';
import type { PlatformEvent } from './platform-event.js';

/** Channel that wakes the dispatcher when an outbox row commits. */
export const EVENTS_CHANNEL = 'platform_events';

/**
 * Writes the event to the outbox in the EntityManager's current transaction, so the change and its
 * event commit together or not at all. NOTIFY is delivered on commit, which wakes the dispatcher.
 */
export async function emitEvent<T extends object>(em: EntityManager, type: string, data: T): Promise<PlatformEvent<T>> {
  const organizationId = (em.getFilterParams(TENANT_FILTER) as { organizationId?: string } | undefined)?.organizationId;
  if (!organizationId) throw new Error(`Cannot emit ${type} without an organization`);
  const event: PlatformEvent<T> = { id: newId('evt'), type, timestamp: new Date().toISOString(), data };
  // One round trip: the row and its NOTIFY (delivered on commit) in one statement.
  await em.execute(
    `with inserted as (insert into platform.events (id, organization_id, type, data, created_at) values (?, ?, ?, ?::jsonb, ?) returning organization_id)
     select pg_notify(?, organization_id::text) from inserted`,
    [event.id, organizationId, type, JSON.stringify(data), event.timestamp, EVENTS_CHANNEL],
  );
  return event;
}
