import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../jobs/jobs.js';

export const PRUNE_EVENTS_JOB = 'platform.prune-events';
/** Rows per delete statement: short transactions, so emitters and the dispatcher never wait long. */
const BATCH = 5_000;

/**
 * Deletes outbox events dispatched before `cutoff`. Undispatched events are never touched, whatever their age: they
 * are the ones still owed to receivers. Webhook deliveries keep their own copy of the payload, so retries and logs
 * outlive the outbox row.
 */
export async function pruneEvents(em: EntityManager, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await em.execute<{ seq: string }[]>(
      `delete from platform.events where seq in (
         select seq from platform.events where dispatched_at is not null and dispatched_at < ? order by seq limit ?
       ) returning seq`,
      [cutoff, BATCH],
    );
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** Runs hourly (scheduled by the runner); `retentionDays` is EVENTS_RETENTION_DAYS. */
export function pruneEventsJob(
  retentionDays: number,
  now: () => Date = () => new Date(),
): JobDefinition<Record<string, never>> {
  return {
    name: PRUNE_EVENTS_JOB,
    concurrency: 1,
    handler: async (_data, { em, logger }) => {
      const cutoff = new Date(now().getTime() - retentionDays * 86_400_000);
      const deleted = await pruneEvents(em, cutoff);
      if (deleted > 0) logger.info('outbox pruned', { deleted, before: cutoff.toISOString() });
    },
  };
}
