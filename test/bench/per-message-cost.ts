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
  stop(messages: number): Promise<{ statements: number; mainCpuMs: number; postgresCpuMs: number }>;
}

/**
 * Starts counting. The backends are those connected to the platform's database (its pool and listener): those
 * connected at the start count from then, those the pool opened meanwhile count whole.
 */
export async function meterPerMessage(orm: MikroORM): Promise<CostMeter> {
  const connection = orm.em.getConnection();
  const backends = async () =>
    (
      (await connection.execute('select pid from pg_stat_activity where datname = current_database()')) as {
        pid: number;
      }[]
    ).map((r) => r.pid);
  const startedBackends = new Map((await backends()).map((pid) => [pid, cpuMsOf(`/proc/${pid}/stat`)]));
  const mainMs = () => cpuMsOf(`/proc/self/task/${process.pid}/stat`);
  // Counted where every statement passes: the driver's Client.query (MikroORM and knex both end there).
  const pg = createRequire(import.meta.url)('pg') as {
    Client: { prototype: { query: (...args: unknown[]) => unknown } };
  };
  const original = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
  const startMain = mainMs();
  return {
    async stop(messages) {
      const main = mainMs() - startMain;
      pg.Client.prototype.query = original;
      const count = statements;
      const postgres = (await backends()).reduce(
        (sum, pid) => sum + cpuMsOf(`/proc/${pid}/stat`) - (startedBackends.get(pid) ?? 0),
        0,
      );
      return { statements: count / messages, mainCpuMs: main / messages, postgresCpuMs: postgres / messages };
    },
  };
}
