// REST throughput of the one-process platform vs two gateways plus split module processes, on the same machine and
// database, measured in interleaved rounds (one, split, one, split, ...) so drift on a shared machine hits both alike.
// Run after a build: `node dist/test/bench/split-scaling.js` (prints a Markdown table; BENCHMARKS.md "Split mode").
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import autocannon from 'autocannon';
import { createTestDatabase } from '../helpers/test-database.js';
import { freePort } from '../helpers/free-port.js';
import { entryOf, startChild, type PlatformChild } from '../gateway/helpers/split-topology.js';
import { percentile, processCpuMs } from './load.js';

const SPLIT = ['email', 'webhooks', 'crm', 'calendar'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = 8;
const CONNECTIONS = 32;
const PATH = '/emails/messages?count=20';

interface Round {
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuMsPerRequest: number;
  cpuMsPerRequestByProcess: number[];
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const key = `sk_bench_${randomBytes(16).toString('hex')}`;
  const children: PlatformChild[] = [];
  const ports: Record<string, number> = {};
  for (const name of ['one', 'gwA', 'gwB', ...SPLIT]) ports[name] = await freePort();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    BOOTSTRAP_API_KEY: key,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DNS_PORT: '0',
    SMTP_INBOUND_PORT: '0',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
  const split = { ...env, SUBGRAPH_URLS: SPLIT.map((m) => `${m}=http://127.0.0.1:${ports[m]}/graphql`).join(',') };
  try {
    const one = await startChild('one process', entryOf('gateway'), ports.one!, { ...env, PORT: String(ports.one) });
    children.push(one);
    const db = new pg.Client({ connectionString: database.url });
    db.on('error', (error) => console.error('bench database connection lost:', error.message));
    await db.connect();
    await db.query(`update platform.organizations set plan = 'ENTERPRISE' where slug = 'default'`);
    for (const m of SPLIT)
      children.push(await startChild(m, entryOf(m), ports[m]!, { ...split, SUBGRAPH_PORT: String(ports[m]) }));
    const gateways = [
      await startChild('gateway A', entryOf('gateway'), ports.gwA!, { ...split, PORT: String(ports.gwA) }),
      await startChild('gateway B', entryOf('gateway'), ports.gwB!, { ...split, PORT: String(ports.gwB) }),
    ];
    children.push(...gateways);
    // 200 delivered messages to list, as in the rest-bridge section.
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`http://127.0.0.1:${ports.one}/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: 'ops@example.com',
          to: 'ada@example.com',
          subject: `bench ${i}`,
          html: '<p>x</p>',
        }),
      });
      if (res.status !== 200) throw new Error(`seed: ${res.status} ${await res.text()}`);
    }
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from email.messages where status = 'DELIVERED'`,
      );
      if (rows[0]!.n >= 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await db.end();

    const emailProcess = children.find((c) => c.name === 'email')!;
    const measure = async (urls: string[], pids: number[]): Promise<Round> => {
      const run = (url: string, duration: number) =>
        autocannon({
          url: url + PATH,
          connections: CONNECTIONS / urls.length,
          duration,
          headers: { authorization: `Bearer ${key}` },
        });
      const cpuBefore = pids.map(processCpuMs);
      const results = await Promise.all(urls.map((url) => run(url, SECONDS)));
      const cpuByProcess = pids.map((pid, i) => processCpuMs(pid) - cpuBefore[i]!);
      const total = results.reduce((n, r) => n + r.requests.total, 0);
      return {
        requestsPerSec: results.reduce((n, r) => n + r.requests.average, 0),
        p50: Math.max(...results.map((r) => r.latency.p50)),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        non2xx: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
        cpuMsPerRequest: cpuByProcess.reduce((a, b) => a + b, 0) / total,
        cpuMsPerRequestByProcess: cpuByProcess.map((ms) => ms / total),
      };
    };
    const oneUrls = [`http://127.0.0.1:${ports.one}`];
    const splitUrls = gateways.map((g) => `http://127.0.0.1:${g.port}`);
    const splitPids = [...gateways.map((g) => g.pid), emailProcess.pid];
    await measure(oneUrls, [one.pid]); // warm-up, not reported
    await measure(splitUrls, splitPids);
    const rounds: { one: Round; split: Round; load: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const load = loadavg()[0]!;
      rounds.push({ one: await measure(oneUrls, [one.pid]), split: await measure(splitUrls, splitPids), load });
      console.error(
        `round ${i + 1}: one ${rounds.at(-1)!.one.requestsPerSec.toFixed(0)} req/s, split ${rounds.at(-1)!.split.requestsPerSec.toFixed(0)} req/s, load ${load.toFixed(1)}`,
      );
    }
    console.log(render(rounds));
  } finally {
    await Promise.all(children.map((c) => c.stop().catch(() => c.kill())));
    await database.drop();
  }
}

function render(rounds: { one: Round; split: Round; load: number }[]): string {
  const median = (values: number[]) => percentile(values, 50);
  const row = (label: string, path: string, pick: (r: { one: Round; split: Round }) => Round) => {
    const rs = rounds.map(pick);
    return `| ${label} | ${path} | ${median(rs.map((r) => r.requestsPerSec)).toFixed(0)} | ${median(rs.map((r) => r.p50)).toFixed(0)} ms | ${median(rs.map((r) => r.p99)).toFixed(0)} ms | ${rs.reduce((n, r) => n + r.non2xx, 0)} | ${median(rs.map((r) => r.cpuMsPerRequest)).toFixed(2)} ms |`;
  };
  const ratios = rounds.map((r) => r.split.requestsPerSec / r.one.requestsPerSec);
  return [
    `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`node dist/test/bench/split-scaling.js\`. Machine: ${cpus().length} cores, load average ${rounds.map((r) => r.load.toFixed(1)).join(', ')} at the start of each round (shared with other work). ${rounds.length} rounds, interleaved one/split, ${SECONDS} s each at c=${CONNECTIONS} (split: ${CONNECTIONS / 2} connections on each gateway), medians shown. GET ${PATH} (200 delivered messages, one Enterprise key).`,
    '',
    '| topology | processes serving the request | req/s | p50 | p99 | non-2xx / errors | server CPU / request |',
    '|---|---|---:|---:|---:|---:|---:|',
    row('one process', 'platform (bridge, gateway, email subgraph in-process)', (r) => r.one),
    row('split', 'gateway A or B (bridge, gateway) → email process over HTTP', (r) => r.split),
    '',
    `- split / one throughput per round: ${ratios.map((x) => `${x.toFixed(2)}×`).join(', ')}. Server CPU per request sums the serving processes (one: the platform; split: both gateways and the email process).`,
    `- Split CPU per request by process (median): gateways ${median(rounds.map((r) => r.split.cpuMsPerRequestByProcess[0]! + r.split.cpuMsPerRequestByProcess[1]!)).toFixed(2)} ms, email process ${median(rounds.map((r) => r.split.cpuMsPerRequestByProcess[2]!)).toFixed(2)} ms.`,
  ].join('\n');
}

await main();
