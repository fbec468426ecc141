import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Keys of the advisory lock every process takes around its migrations (pg_advisory_lock(int, int)): 'migr', 1. */
const MIGRATION_LOCK = [0x6d696772, 1] as const;

/**
 * Runs the pending migrations of this process's modules, one process at a time: gateways and module processes
 * started together on an empty database would otherwise run the same DDL at once and fail (duplicate extension,
 * table, schema). The lock is a session lock on a connection of its own (released with it, even on a crash); the
 * next process then finds the migrations done. Also the lock for other once-per-database start-up writes (`afterwards`).
 */
export async function runMigrations(orm: MikroORM, afterwards?: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  lock.on('error', () => undefined); // a lost lock connection fails the migration below, not the process
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    await orm.getMigrator().up();
    await afterwards?.();
  } finally {
    await lock.end().catch(() => undefined);
  }
}
