import type { MikroORM } from '@mikro-orm/postgresql';
import type { Jobs } from '../jobs/jobs.js';
import type { ScrapedSources } from './platform-metrics.js';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** The scrape-time readings of one process: its job store, the shared outbox, its own connection pool. */
export function platformSources(orm: MikroORM, jobs: Jobs): ScrapedSources {
  return {
    jobQueueDepth: () => jobs.queueDepth(),
    outboxLagSeconds: async () => {
      // The oldest undispatched row by the partial index on seq: one index probe however long the outbox is.
      const rows = await orm.em
        .getConnection()
        .execute<{ age: number }[]>(
          `select extract(epoch from now() - created_at)::float8 as age from platform.events where dispatched_at is null order by seq limit 1`,
        );
      return Math.max(0, rows[0]?.age ?? 0);
    },
    databasePool: () => {
      const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
      return { used: pool?.numUsed() ?? 0, free: pool?.numFree() ?? 0, pending: pool?.numPendingAcquires() ?? 0 };
    },
  };
}
