import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventSink, OutboxEvent } from '../../../platform/events/event-dispatcher.js';
import { newId } from '../../../platform/ids/ids.js';
import type { FirstAttemptLane, FirstAttempt } from '../sending/first-attempt-lane.js';
import { FIRST_ATTEMPTS_JOB, type FirstAttemptsJobData } from '../jobs/first-attempts.job.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { crossTenantSql, joinSql, sql, type SqlValue } from '../../../platform/orm/tenant-sql.js';

interface ActiveWebhook {
  id: string;
  organization_id: string;
  namespace: string;
  url: string;
  secret_sealed: string;
  events: string[];
  filter: Record<string, string> | null;
}

const INSERT_CHUNK = 200;

/** True when the event's data carries every field of the webhook's filter with the same value (ids from paths are text). */
export function matchesFilter(data: Record<string, unknown>, filter: Record<string, string> | null): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, value]) => {
    const actual = data[key];
    return actual === value || (typeof actual === 'number' && String(actual) === value);
  });
}

/**
 * Turns dispatched events into deliveries: one per event and matching active webhook of the event's organization,
 * in the dispatch transaction, with the durable fallback of their first attempts (one job per organization and
 * batch). Once that commits, the lane makes the first attempts at once. `on conflict (event_id, webhook_id) do
 * nothing` makes a re-dispatched event create nothing new.
 */
export function webhookEventSink(deps: WebhooksDeps, lane: FirstAttemptLane): EventSink {
  return {
    name: 'webhooks',
    ready: () => lane.ready(),
    handle: async (tx: EntityManager, events: OutboxEvent[]) => {
      const catalog = deps.catalog.events;
      const organizations = [...new Set(events.map((e) => e.organizationId))];
      // The dispatcher hands over events of many organizations at once: each event meets only its own organization's webhooks below.
      const db = crossTenantSql(tx, 'webhooks: one dispatch batch carries events of many organizations');
      const webhooks = await db.rows<ActiveWebhook>(
        sql`select id, organization_id, namespace, url, secret_sealed, events, filter from webhooks.webhooks where active and organization_id in (${organizations})`,
      );
      if (webhooks.length === 0) return;
      const byOrganization = new Map<string, ActiveWebhook[]>();
      for (const webhook of webhooks)
        byOrganization.set(webhook.organization_id, [...(byOrganization.get(webhook.organization_id) ?? []), webhook]);
      const due = deps.clock.now();
      const now = new Date();
      const rows: SqlValue[][] = [];
      const targets = new Map<string, FirstAttempt>();
      for (const event of events) {
        for (const webhook of byOrganization.get(event.organizationId) ?? []) {
          if (
            !webhook.events.includes(event.type) ||
            (catalog.resourceFilterApplies(webhook.namespace, event.type) &&
              !matchesFilter(event.data, webhook.filter)) ||
            !catalog.namespaceReceives(webhook.namespace, event.type, event.data)
          )
            continue;
          const id = newId('whd');
          rows.push([
            id,
            event.organizationId,
            webhook.namespace,
            webhook.id,
            event.id,
            event.type,
            event.timestamp,
            JSON.stringify(event.data),
            due,
            now,
            now,
          ]);
          targets.set(id, {
            organizationId: event.organizationId,
            deliveryId: id,
            webhookId: webhook.id,
            url: webhook.url,
            secretSealed: webhook.secret_sealed,
            eventId: event.id,
            eventType: event.type,
            timestamp: event.timestamp,
            data: event.data,
            due,
          });
        }
      }
      const created: FirstAttempt[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const inserted = await db.rows<{ id: string; organization_id: string }>(
          sql`insert into webhooks.deliveries
             (id, organization_id, namespace, webhook_id, event_id, event_type, event_timestamp, data, status, attempt_count, next_attempt_at, created_at, updated_at)
           values ${joinSql(
             chunk.map(
               (r) =>
                 sql`(${r[0]}, ${r[1]}, ${r[2]}, ${r[3]}, ${r[4]}, ${r[5]}, ${r[6]}, ${r[7]}::jsonb, 'PENDING', 0, ${r[8]}, ${r[9]}, ${r[10]})`,
             ),
             ', ',
           )}
           on conflict (event_id, webhook_id) do nothing
           returning id, organization_id`,
        );
        created.push(...inserted.map((d) => targets.get(d.id)!));
      }
      if (created.length === 0) return;
      // Due after the lane's attempts would have finished (two request deadlines): a no-op unless this process died.
      const fallbackAt = new Date(Date.now() + deps.config.webhooks.timeoutMs * 2 + 5_000);
      const byOrg = new Map<string, string[]>();
      for (const c of created) byOrg.set(c.organizationId, [...(byOrg.get(c.organizationId) ?? []), c.deliveryId]);
      for (const [organizationId, deliveryIds] of byOrg) {
        const data: FirstAttemptsJobData = { organizationId, deliveryIds };
        await deps.jobs.enqueue(tx, FIRST_ATTEMPTS_JOB, data, fallbackAt);
      }
      return () => lane.push(created);
    },
  };
}
