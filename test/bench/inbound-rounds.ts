// One round of the inbound SMTP load of the mailboxes bench, with the CPU of each part per message: for comparing
// builds and Node flags side by side on a shared machine, where rates swing with the load but CPU per message
// holds. A report, never a test. One process per round, so that Node flags can differ between rounds:
//   node [flags] dist/test/bench/inbound-rounds.js [label] [connections] [messages] [dist of the platform to run] [profile]
// prints one JSON line (and with `profile`, a CPU profile of the main thread over the measured messages on stderr). The platform (and its mailboxes module) comes from the given dist (default: this build), so
// an older build's dist runs under this meter; the SMTP load generator is always this build's.
import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { renderProfile, summarizeProfile, type CpuProfile } from './profile-summary.js';
import { runSmtpLoad } from './smtp-load-runner.js';

const TICK_MS = 10; // USER_HZ 100
const WARM_UP = 100;

const [label = 'this', connectionsArg = '8', messagesArg = '1000', distArg, profileArg] = process.argv.slice(2);
const connections = Number(connectionsArg);
const messages = Number(messagesArg);
const dist =
  distArg && distArg !== '-' ? pathToFileURL(`${distArg.replace(/\/$/, '')}/`) : new URL('../../', import.meta.url);

function cpuMs(statPath: string): number {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // gone
  }
}

const threads = () => new Map(readdirSync('/proc/self/task').map((tid) => [tid, cpuMs(`/proc/self/task/${tid}/stat`)]));
/** Threads that exist before the platform starts: the main thread and V8's platform workers (GC, compilation). */
const v8Threads = new Set(threads().keys());

const { startTestPlatform } = (await import(
  new URL('test/helpers/test-platform.js', dist).href
)) as typeof import('../helpers/test-platform.js');
const { mailboxesModule } = (await import(
  new URL('subgraphs/mailboxes/index.js', dist).href
)) as typeof import('../../subgraphs/mailboxes/index.js');

const resolver = async (name: string) => {
  throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};
const t = await startTestPlatform(
  { LOG_LEVEL: 'silent' },
  { modules: [mailboxesModule({ contactMessages: false })], mailAuthResolver: resolver },
);
const key = await t.key('bench-mbx');
await t.platform.orm.em
  .getConnection()
  .execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-mbx'");
const inbox = (await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'inbound' } })).body.data as {
  address: string;
};

const send = (count: number, first: number) =>
  runSmtpLoad({ port: t.platform.smtpPort!, to: inbox.address, count, connections, first, client: 'pipelined' });

const conn = t.platform.orm.em.getConnection();
const backends = async () =>
  (
    (await conn.execute('select pid from pg_stat_activity where datname = current_database()')) as { pid: number }[]
  ).map((r) => r.pid);
const backendMs = async (before?: Map<number, number>) => {
  const now = new Map((await backends()).map((pid) => [pid, cpuMs(`/proc/${pid}/stat`)]));
  if (!before) return now;
  let sum = 0;
  for (const [pid, ms] of now) sum += ms - (before.get(pid) ?? 0);
  return sum;
};

await send(WARM_UP, 0);
const [{ db }] = await conn.execute('select current_database() as db');
process.stderr.write(`database ${db}\n`); // for samplers of pg_stat_activity
const pg = createRequire(import.meta.url)('pg') as {
  Client: { prototype: { query: (...args: unknown[]) => unknown } };
};
const query = pg.Client.prototype.query;
let statements = 0;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
};
const gc = { count: 0, ms: 0, major: 0 };
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.ms += entry.duration;
    if ((entry as { detail?: { kind?: number } }).detail?.kind !== 1) gc.major++; // kind 1: scavenge
  }
});
observer.observe({ entryTypes: ['gc'] });
const load = loadavg()[0]!;
const threadsBefore = threads();
const backendsBefore = (await backendMs()) as Map<number, number>;
const profiler = profileArg === 'profile' ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const result = await send(messages, WARM_UP);
if (profiler)
  process.stderr.write(
    renderProfile(summarizeProfile((await profiler.post('Profiler.stop')).profile as CpuProfile), messages) + '\n',
  );
const postgres = (await backendMs(backendsBefore)) as number;
const threadsAfter = threads();
observer.disconnect();
pg.Client.prototype.query = query;

// Per thread: main, V8's workers, and the threads started since (the parse worker; the load client's own thread is
// started per run and ended before this reading, so it is not among them: its CPU comes from itself).
const per = (ms: number) => Math.round((ms / messages) * 100) / 100;
let v8 = 0;
let others = 0;
let main = 0;
for (const [tid, ms] of threadsAfter) {
  const used = ms - (threadsBefore.get(tid) ?? 0);
  if (tid === String(process.pid)) main = used;
  else if (v8Threads.has(tid)) v8 += used;
  else others += used;
}
const [counts] = await conn.execute("select count(*) as n from mailboxes.messages where direction = 'inbound'");
process.stdout.write(
  JSON.stringify({
    label,
    connections,
    messages,
    load: Math.round(load * 10) / 10,
    rate: Math.round(messages / result.seconds),
    p50: Math.round(result.latencies.sort((a, b) => a - b)[Math.floor(result.latencies.length / 2)]!),
    ms: {
      postgres: per(postgres),
      main: per(main),
      parseWorker: per(others),
      v8Helpers: per(v8),
      client: per(result.clientCpuMs),
      total: per(postgres + main + others + v8 + result.clientCpuMs),
    },
    gcMainMs: per(gc.ms),
    gcPerMessage: Math.round((gc.count / messages) * 100) / 100,
    majorGcs: gc.major,
    statements: Math.round((statements / messages) * 100) / 100,
    stored: Number(counts.n),
  }) + '\n',
);
await t.stop();
process.exit(0);
