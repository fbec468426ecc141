import pg from 'pg';
import type { Logger } from '../logging/logger.js';

/** First key of the advisory locks that say "the job worker of this name is alive" (pg_advisory_lock(int, int)). */
export const LIVENESS_LOCK_SPACE = 0x6a6f6273; // 'jobs'

/** A lock held on an unreachable database: give up waiting for it after this long (a live namesake holds it). */
const NAME_LOCK_TIMEOUT = '15s';

export interface WorkerLivenessOptions {
  /** The worker's name in the job store: Agenda writes it into `last_modified_by` of every job it locks. */
  name: string;
  /** The job store's pool: one of its connections holds the name (no extra connection), the others sweep. */
  pool: pg.Pool;
  table: string;
  sweepMs: number;
  logger: Logger;
}

/**
 * Job locks of a worker that died (kill -9, OOM) are released as soon as its database session is gone, by any
 * other worker or by its own restart, instead of after the job's lock lifetime.
 *
 * Each named worker holds a session advisory lock on its name for as long as it runs; PostgreSQL drops it with the
 * session when the process dies. Sweeps release jobs locked under a name nobody holds. A released job runs again:
 * Agenda clears `next_run_at` of a one-off job when it starts running it, so the sweep sets it back to now (clearing
 * only the lock left such a job in the table with nothing ever picking it up: a message stayed QUEUED).
 * Needs session-level connections (PgBouncer in transaction mode breaks advisory locks). A worker whose host vanished
 * without closing its connection keeps its locks until the server notices, at most the lock lifetime.
 */
export class WorkerLiveness {
  private client?: pg.PoolClient;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(private readonly options: WorkerLivenessOptions) {}

  /** Holds this worker's name (waits for a dying namesake's session to end), takes back its own leftovers, starts sweeping. */
  async start(): Promise<void> {
    await this.holdName();
    const { rowCount } = await this.options.pool.query(
      `update ${this.options.table} set locked_at = null, next_run_at = coalesce(next_run_at, now()) where locked_at is not null and last_modified_by = $1`,
      [this.options.name],
    );
    if (rowCount)
      this.options.logger.info('released job locks of a previous run of this process', {
        jobs: rowCount,
        instance: this.options.name,
      });
    await this.releaseDeadWorkersJobs();
    this.timer = setInterval(() => void this.tick(), this.options.sweepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
    const client = this.client;
    this.client = undefined;
    client?.release(true); // closed, not pooled: the lock goes with the session
  }

  private async holdName(): Promise<void> {
    const client = await this.options.pool.connect();
    client.on('error', (error) => {
      // Released already (stop, or a failed lock): a server shutting down still reports it; a second release throws.
      if (this.client !== client) return;
      // Our lock went with the session: other workers may now run our jobs again (handlers are idempotent); retaken next tick.
      this.options.logger.warn('job worker liveness connection lost', {
        error: error.message,
        instance: this.options.name,
      });
      this.client = undefined;
      client.release(true);
    });
    try {
      await client.query(`set lock_timeout = '${NAME_LOCK_TIMEOUT}'`);
      await client.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_SPACE, this.options.name]);
    } catch (error) {
      client.release(true);
      if ((error as { code?: string }).code === '55P03')
        throw new Error(`Another running job worker is named "${this.options.name}" (same host, module and port?)`, {
          cause: error,
        });
      throw error;
    }
    this.client = client;
  }

  private tick(): Promise<void> {
    this.sweeping ??= (async () => {
      try {
        if (!this.client) await this.holdName();
        await this.releaseDeadWorkersJobs();
      } catch (error) {
        this.options.logger.warn('job lock sweep failed', { error: (error as Error).message });
      } finally {
        this.sweeping = undefined;
      }
    })();
    return this.sweeping;
  }

  /** Advisory locks are per database: only this database's holders count. */
  private async releaseDeadWorkersJobs(): Promise<void> {
    const { rows } = await this.options.pool.query<{ by: string }>(
      `update ${this.options.table} j set locked_at = null, next_run_at = coalesce(j.next_run_at, now())
        where j.locked_at is not null and j.last_modified_by is not null
          and not exists (
            select 1 from pg_locks l
             where l.locktype = 'advisory' and l.granted and l.objsubid = 2
               and l.database = (select oid from pg_database where datname = current_database())
               and l.classid = $1::int::oid and l.objid = hashtext(j.last_modified_by)::oid)
        returning j.last_modified_by as by`,
      [LIVENESS_LOCK_SPACE],
    );
    if (rows.length)
      this.options.logger.warn('released job locks of workers that are gone', {
        jobs: rows.length,
        workers: [...new Set(rows.map((r) => r.by))],
      });
  }
}
