// Domains section of `npm run bench` (a report, never a test): queries per second answered by the platform's
// authoritative DNS server over UDP, unsigned and signed (DO bit), one name and 10,000 distinct names, measured in the
// same run beside NSD answering the same names. The load comes from a worker thread; the server runs on the
// main thread.
import 'reflect-metadata';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import dnsPacket from 'dns-packet';
import { startTestPlatform } from '../helpers/test-platform.js';
import { freePort } from '../helpers/free-port.js';
import { domainsModule } from '../../subgraphs/domains/index.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { percentile } from './load.js';
import { writeSection } from './report.js';

/** The issue's targets on this machine. */
export const DNS_TARGETS = { qps: 15_000, p99Ms: 5, ofNsd: 0.5 } as const;
const DURATION_MS = 8000;
const WARMUP_MS = 2000;
const SOCKETS = 4;
const WINDOW = 16;
const REGISTRANT = {
  firstName: 'B',
  lastName: 'B',
  email: 'b@example.com',
  phone: '+14155550100',
  address: '1 Way',
  city: 'SF',
  postalCode: '94105',
  country: 'US',
};

const log = (line: string) => process.stderr.write(`[bench:dns] ${line}\n`);

interface Load {
  qps: number;
  p50: number;
  p99: number;
  lost: number;
}

/** One server: its highest rate (closed loop) and the latency its clients see at the target rate (open loop). */
interface Measured {
  closed: Load;
  paced: Load;
}

function query(name: string, dnssec: boolean): Uint8Array {
  return dnsPacket.encode({
    type: 'query',
    id: 1,
    flags: 0,
    questions: [{ name, type: 'A', class: 'IN' }],
    additionals: [{ name: '.', type: 'OPT', udpPayloadSize: 1232, flags: dnssec ? dnsPacket.DNSSEC_OK : 0 } as never],
  });
}

/** The distinct names of the second run: more than the encoded-answer cache holds, so every answer is made anew. */
const DISTINCT = 10_000;
const distinctName = (i: number) => `n${i}.bench-plain.com`;
const REPEATED = [query('www.bench-plain.com', false)];
const DISTINCT_QUERIES = Array.from({ length: DISTINCT }, (_, i) => query(distinctName(i), false));

async function load(
  port: number,
  queries: Uint8Array[],
  durationMs: number,
  mode: { window: number } | { rate: number },
): Promise<Load> {
  const worker = new Worker(new URL('./dns-load.js', import.meta.url), {
    workerData: { port, queries, durationMs, sockets: SOCKETS, ...mode },
  });
  const result = await new Promise<{ answered: number; lost: number; latencies: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  result.latencies.sort((a, b) => a - b);
  return {
    qps: result.answered / (durationMs / 1000),
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    lost: result.lost,
  };
}

async function measure(port: number, queries: Uint8Array[]): Promise<Measured> {
  await load(port, queries, WARMUP_MS, { window: WINDOW });
  const closed = await load(port, queries, DURATION_MS, { window: WINDOW });
  const paced = await load(port, queries, DURATION_MS, { rate: DNS_TARGETS.qps });
  return { closed, paced };
}

/** A peer server for the run: started, measured on both question sets, stopped; null rows when it is not installed. */
interface Peer {
  label: string;
  start(port: number, dir: string): { child: ChildProcess; version: string } | null;
  missing: string;
}

const PEERS: Peer[] = [
  {
    label: 'NSD',
    missing: 'NSD is not installed here and could not be (`apt-get install nsd`, as root)',
    start(port, dir) {
      const nsd = which('nsd', 'nsd');
      if (!nsd) return null;
      // One server process, response-rate limiting off, nothing kept on disk: the authoritative server as dnsperf is pointed at it.
      const zone = [
        '$ORIGIN bench-plain.com.',
        '$TTL 300',
        '@ IN SOA ns1 hostmaster 1 3600 600 86400 300',
        '@ IN NS ns1',
        'ns1 IN A 192.0.2.1',
        'www IN A 192.0.2.10',
        ...Array.from({ length: DISTINCT }, (_, i) => `n${i} IN A 192.0.2.10`),
      ].join('\n');
      writeFileSync(join(dir, 'bench-plain.com.zone'), `${zone}\n`);
      writeFileSync(
        join(dir, 'nsd.conf'),
        [
          'server:',
          `  port: ${port}`,
          '  ip-address: 127.0.0.1',
          '  server-count: 1',
          '  username: ""',
          `  zonesdir: "${dir}"`,
          '  database: ""',
          `  pidfile: "${dir}/nsd.pid"`,
          `  xfrdfile: "${dir}/xfrd.state"`,
          `  zonelistfile: "${dir}/zone.list"`,
          `  logfile: "${dir}/nsd.log"`,
          '  rrl-ratelimit: 0',
          '  verbosity: 0',
          'remote-control:',
          '  control-enable: no',
          'zone:',
          '  name: bench-plain.com',
          '  zonefile: bench-plain.com.zone',
          '',
        ].join('\n'),
      );
      const version = spawnSync(nsd, ['-v'])
        .stderr.toString()
        .split('\n')[0]!
        .replace(/^NSD version /, '');
      return { child: spawn(nsd, ['-d', '-c', join(dir, 'nsd.conf')], { stdio: 'ignore' }), version };
    },
  },
];

/** The program's path; missing and running as root, installed from Debian's package first. */
function which(program: string, debianPackage: string): string {
  const find = () =>
    spawnSync('sh', ['-c', `command -v ${program}`])
      .stdout.toString()
      .trim();
  if (!find() && process.getuid?.() === 0) {
    log(`installing ${debianPackage}`);
    spawnSync(
      'sh',
      [
        '-c',
        `apt-get install -y -qq ${debianPackage} || (apt-get update -qq && apt-get install -y -qq ${debianPackage})`,
      ],
      { stdio: 'ignore' },
    );
  }
  return find();
}

/** Waits until `port` answers a DNS question (a peer reading a zone of 10,000 names takes a moment). */
async function answering(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const probe = await load(port, REPEATED, 200, { window: 1 }).catch(() => null);
    if (probe && probe.qps > 0) return;
  }
  throw new Error(`no DNS answers on port ${port}`);
}

/** Measures the DNS server and returns a Markdown section for BENCHMARKS.md. */
export async function benchDns(): Promise<string> {
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const t = await startTestPlatform(
    { LOG_LEVEL: 'silent', DNS_PORT: '0', DNS_RATE_LIMIT: '0' },
    { modules: [domainsModule()] },
  );
  const rows: [string, Measured | null][] = [];
  const notes: string[] = [];
  const ours: { repeated?: Measured; distinct?: Measured } = {};
  const nsd: { repeated?: Measured; distinct?: Measured } = {};
  try {
    const port = t.platform.listeners.find((l) => l.name === 'dns')!.address!.port;
    const key = await t.key('bench-dns');
    await t.platform.orm.em
      .getConnection()
      .execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-dns'");
    for (const zone of ['bench-plain.com', 'bench-signed.com']) {
      const res = await t.request('POST', '/domains/register', {
        key,
        body: { domainName: zone, registrant: REGISTRANT },
      });
      if (res.status !== 201) throw new Error(res.text);
      await t.request('POST', `/domains/${zone}/dns`, { key, body: { type: 'A', name: 'www', value: '192.0.2.10' } });
    }
    // The distinct names, copied from the www record in one statement (10,000 API calls would reload the zone 10,000 times),
    // then one more record through the API, whose change notice reloads the zone with all of them.
    await t.platform.orm.em.getConnection()
      .execute(`insert into domains.dns_records (id, organization_id, domain_id, name, type, value, ttl, priority, rdata_key, created_at, updated_at)
      select 'bench_' || g, r.organization_id, r.domain_id, 'n' || g, r.type, r.value, r.ttl, r.priority, r.rdata_key, now(), now()
      from domains.dns_records r join domains.domains d on d.id = r.domain_id, generate_series(0, ${DISTINCT - 1}) g
      where d.domain_name = 'bench-plain.com' and r.name = 'www' and r.type = 'A'`);
    await t.request('POST', '/domains/bench-plain.com/dns', {
      key,
      body: { type: 'A', name: 'reload', value: '192.0.2.11' },
    });
    await answeringName(port, DISTINCT_QUERIES[DISTINCT - 1]!);
    await t.request('POST', '/domains/bench-signed.com/dnssec/enable', { key });
    // The first load also warms the JIT and the process: not measured.
    await load(port, REPEATED, 3 * WARMUP_MS, { window: WINDOW });
    log('unsigned');
    rows.push(['platform, unsigned zone (`www.bench-plain.com A`)', (ours.repeated = await measure(port, REPEATED))]);
    log('distinct');
    rows.push([
      `platform, ${DISTINCT.toLocaleString('en')} distinct names in turn (no answer reused)`,
      (ours.distinct = await measure(port, DISTINCT_QUERIES)),
    ]);
    log('signed');
    rows.push([
      'platform, signed zone with the DO bit (answer + RRSIG)',
      await measure(port, [query('www.bench-signed.com', true)]),
    ]);
    for (const peer of PEERS) {
      const dir = mkdtempSync(join(tmpdir(), `bench-${peer.label}-`));
      const peerPort = await freePort();
      const started = peer.start(peerPort, dir);
      if (!started) {
        notes.push(`${peer.missing}, so its rows are missing.`);
        rows.push([peer.label, null]);
        continue;
      }
      try {
        await answering(peerPort);
        log(peer.label);
        const repeated = await measure(peerPort, REPEATED);
        const distinct = await measure(peerPort, DISTINCT_QUERIES);
        if (peer.label === 'NSD') Object.assign(nsd, { repeated, distinct });
        rows.push(
          [`${peer.label} ${started.version}, the same name`, repeated],
          [`${peer.label} ${started.version}, the same ${DISTINCT.toLocaleString('en')} distinct names`, distinct],
        );
      } finally {
        const exited = once(started.child, 'exit');
        started.child.kill();
        await exited;
        rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
      }
    }
  } finally {
    await t.stop();
  }
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const plain = rows[0]![1]!;
  const met =
    plain.closed.qps >= DNS_TARGETS.qps &&
    plain.paced.p99 < DNS_TARGETS.p99Ms &&
    plain.paced.qps >= DNS_TARGETS.qps * 0.99;
  const ratio = (a?: Measured, b?: Measured) => (a && b ? a.closed.qps / b.closed.qps : null);
  const beside = [
    ['the same name', ratio(ours.repeated, nsd.repeated)],
    ['distinct names', ratio(ours.distinct, nsd.distinct)],
  ] as const;
  const besideNsd = beside.every(([, r]) => r !== null)
    ? `Beside NSD (highest rate, ours / NSD's; target at least ${DNS_TARGETS.ofNsd}): ${beside.map(([what, r]) => `${what} **${r!.toFixed(2)}** (${r! >= DNS_TARGETS.ofNsd ? 'met' : 'not met'})`).join(', ')}.`
    : 'Beside NSD: not measured (NSD missing).';
  return [
    '## Domains: authoritative DNS over UDP',
    '',
    `Command: \`npm run bench\` (section \`benchDns\`, test/bench/dns.bench.ts; alone: \`node dist/test/bench/dns.bench.js\`). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}. Load average when the run started: ${loadAtStart}. The platform's DNS server (main thread of the one-process platform), and NSD (one server process, rate limiting off), each loaded in turn from a worker thread over ${SOCKETS} UDP sockets (test/bench/dns-load.ts), ${DURATION_MS / 1000} s per measure after a ${WARMUP_MS / 1000} s warm-up, on one name asked again and again and on ${DISTINCT.toLocaleString('en')} names asked in turn (more than the platform's cache of ${'5,000'} encoded answers holds, so none is reused). Zones are in memory, so PostgreSQL is not on the path. Highest rate: closed loop, ${WINDOW} queries in flight per socket (its latencies are mostly the queue of the other ${SOCKETS * WINDOW - 1} queries in flight: about in-flight / rate). Latency at the target: open loop, ${DNS_TARGETS.qps} queries/s sent on a fixed schedule, each latency counted from the moment the query was sent, as dnsperf counts it.`,
    '',
    `| server | highest queries/s | its p50 / p99 | at ${DNS_TARGETS.qps}/s offered: answered/s | p50 | p99 | lost |`,
    '|---|---|---|---|---|---|---|',
    ...rows.map(([name, r]) =>
      r
        ? `| ${name} | ${Math.round(r.closed.qps)} | ${ms(r.closed.p50)} / ${ms(r.closed.p99)} | ${Math.round(r.paced.qps)} | ${ms(r.paced.p50)} | ${ms(r.paced.p99)} | ${r.closed.lost + r.paced.lost} |`
        : `| ${name} | not measured | | | | | |`,
    ),
    '',
    `Target: at least ${DNS_TARGETS.qps} queries/s with p99 under ${DNS_TARGETS.p99Ms} ms: ${met ? 'met' : '**missed**'} (unsigned). ${besideNsd} ${notes.join(' ')}`.trimEnd(),
    '',
  ].join('\n');
}

/** Waits until the platform answers `q` with an address (the zone reloaded with the copied names). */
async function answeringName(port: number, q: Uint8Array): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const socket = dgram.createSocket('udp4');
    const answer = await new Promise<dnsPacket.Packet | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 500);
      socket.once('message', (msg) => {
        clearTimeout(timer);
        resolve(dnsPacket.decode(msg));
      });
      socket.send(q, port, '127.0.0.1');
    });
    socket.close();
    if (answer?.answers?.length) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the zone was not reloaded with the distinct names');
}

// `node dist/test/bench/dns.bench.js` measures and writes this section alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchDns().then(
    (section) => {
      process.stdout.write(section + '\n');
      writeSection(join(projectRoot(), 'BENCHMARKS.md'), 'domains-dns', section);
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
