// What one message costs, for benches on a shared machine where rates swing with the load: the PostgreSQL statements
// the platform sends, CPU of this process's main thread (the event loop) and of the database's backends. Linux only
// (/proc); a report, never a test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MikroORM } from '@mikro-orm/postgresql';

const TICK_MS = 10; // USER_HZ 100

function cpuMsOf(statPath: string): number {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // the process has gone
  }
}

export interface CostMeter {
  /** Per message since start: statements, main-thread CPU ms, PostgreSQL CPU ms. */
  stop(messages: number): { statements: number; mainCpuMs: number; postgresCpuMs: number };
}

/** Starts counting; the backends are those connected to the platform's database now (its pool and listener). */
export async function meterPerMessage(orm: MikroORM): Promise<CostMeter> {
  const connection = orm.em.getConnection();
  const pids = ((await connection.execute('select pid from pg_stat_activity where datname = current_database()')) as { pid: number }[]).map((r) => r.pid);
  const postgresMs = () => pids.reduce((sum, pid) => sum + cpuMsOf(`/proc/${pid}/stat`), 0);
  const mainMs = () => cpuMsOf(`/proc/self/task/${process.pid}/stat`);
  // Counted where every statement passes: the driver's Client.query (MikroORM and knex both end there).
  const pg = createRequire(import.meta.url)('pg') as { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  const original = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
  const start = { main: mainMs(), postgres: postgresMs() };
  return {
    stop(messages) {
      pg.Client.prototype.query = original;
      return { statements: statements / messages, mainCpuMs: (mainMs() - start.main) / messages, postgresCpuMs: (postgresMs() - start.postgres) / messages };
    },
  };
}
