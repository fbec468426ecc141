// Domains section of `npm run bench` (a report, never a test): queries per second answered by the platform's
// authoritative DNS server over UDP, unsigned and signed (DO bit), measured in the same run beside dnsmasq answering the
// same name from its configuration. The load comes from a worker thread; the server runs on the main thread.
import 'reflect-metadata';
import { spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
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

/** The targets on this machine. */
export const DNS_TARGETS = { qps: 15_000, p99Ms: 5 } as const;
const DURATION_MS = 8000;
const WARMUP_MS = 2000;
const SOCKETS = 4;
const WINDOW = 16;
const REGISTRANT = { firstName: 'B', lastName: 'B', email: 'b@example.com', phone: '+14155550100', address: '1 Way', city: 'SF', postalCode: '94105', country: 'US' };

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
    type: 'query', id: 1, flags: 0, questions: [{ name, type: 'A', class: 'IN' }],
    additionals: [{ name: '.', type: 'OPT', udpPayloadSize: 1232, flags: dnssec ? dnsPacket.DNSSEC_OK : 0 } as never],
  });
}

async function load(port: number, q: Uint8Array, durationMs: number, mode: { window: number } | { rate: number }): Promise<Load> {
  const worker = new Worker(new URL('./dns-load.js', import.meta.url), { workerData: { port, query: q, durationMs, sockets: SOCKETS, ...mode } });
  const result = await new Promise<{ answered: number; lost: number; latencies: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  result.latencies.sort((a, b) => a - b);
  return { qps: result.answered / (durationMs / 1000), p50: percentile(result.latencies, 50), p99: percentile(result.latencies, 99), lost: result.lost };
}

async function measure(port: number, q: Uint8Array): Promise<Measured> {
  await load(port, q, WARMUP_MS, { window: WINDOW });
  const closed = await load(port, q, DURATION_MS, { window: WINDOW });
  const paced = await load(port, q, DURATION_MS, { rate: DNS_TARGETS.qps });
  return { closed, paced };
}

/** Measures the DNS server and returns a Markdown section for BENCHMARKS.md. */
export async function benchDns(): Promise<string> {
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const t = await startTestPlatform({ LOG_LEVEL: 'silent', DNS_PORT: '0', DNS_RATE_LIMIT: '0' }, { modules: [domainsModule()] });
  const rows: [string, Measured | null][] = [];
  let dnsmasqNote = '';
  try {
    const port = t.platform.listeners.find((l) => l.name === 'dns')!.address!.port;
    const key = await t.key('bench-dns');
    await t.platform.orm.em.getConnection().execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-dns'");
    for (const zone of ['bench-plain.com', 'bench-signed.com']) {
      const res = await t.request('POST', '/domains/register', { key, body: { domainName: zone, registrant: REGISTRANT } });
      if (res.status !== 201) throw new Error(res.text);
      await t.request('POST', `/domains/${zone}/dns`, { key, body: { type: 'A', name: 'www', value: '192.0.2.10' } });
    }
    await t.request('POST', '/domains/bench-signed.com/dnssec/enable', { key });
    // The first load also warms the JIT and the process: not measured.
    await load(port, query('www.bench-plain.com', false), 3 * WARMUP_MS, { window: WINDOW });
    log('unsigned');
    rows.push(['platform, unsigned zone (`www.bench-plain.com A`)', await measure(port, query('www.bench-plain.com', false))]);
    log('signed');
    rows.push(['platform, signed zone with the DO bit (answer + RRSIG)', await measure(port, query('www.bench-signed.com', true))]);
    const dnsmasq = spawnSync('sh', ['-c', 'command -v dnsmasq']).stdout.toString().trim();
    if (dnsmasq) {
      const peerPort = await freePort();
      const peer = spawn(dnsmasq, ['--keep-in-foreground', `--port=${peerPort}`, '--listen-address=127.0.0.1', '--bind-interfaces', '--no-resolv', '--no-hosts',
        '--conf-file=/dev/null', '--host-record=www.bench-plain.com,192.0.2.10'], { stdio: 'ignore' });
      try {
        await new Promise((r) => setTimeout(r, 500));
        log('dnsmasq');
        const version = spawnSync(dnsmasq, ['--version']).stdout.toString().split('\n')[0]!.replace(/^Dnsmasq version /, '').split(' ')[0];
        rows.push([`dnsmasq ${version}, the same name from --host-record`, await measure(peerPort, query('www.bench-plain.com', false))]);
      } finally {
        peer.kill();
      }
    } else {
      dnsmasqNote = 'dnsmasq is not installed here (`apt-get install dnsmasq-base`), so its row is missing.';
      rows.push(['dnsmasq', null]);
    }
  } finally {
    await t.stop();
  }
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const plain = rows[0]![1]!;
  const met = plain.closed.qps >= DNS_TARGETS.qps && plain.paced.p99 < DNS_TARGETS.p99Ms && plain.paced.qps >= DNS_TARGETS.qps * 0.99;
  return [
    '## Domains: authoritative DNS over UDP',
    '',
    `Command: \`npm run bench\` (section \`benchDns\`, test/bench/dns.bench.ts; alone: \`node dist/test/bench/dns.bench.js\`). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}. Load average when the run started: ${loadAtStart}.`,
    `The platform's DNS server (main thread of the one-process platform) and dnsmasq, each loaded in turn from a worker thread over ${SOCKETS} UDP sockets (test/bench/dns-load.ts), ${DURATION_MS / 1000} s per measure after a ${WARMUP_MS / 1000} s warm-up. Zones are cached in memory (signatures made when the zone is loaded) and encoded answers are reused, so PostgreSQL is not on the path.`,
    `Highest rate: closed loop, ${WINDOW} queries in flight per socket (its latencies are mostly the queue of the other ${SOCKETS * WINDOW - 1} queries in flight: about in-flight / rate). Latency at the target: open loop, ${DNS_TARGETS.qps} queries/s sent on a fixed schedule, each latency counted from the moment the query was sent, as dnsperf counts it (a stall of the generator's thread delays sending; the burst it then sends is the server's to absorb).`,
    '',
    `| server | highest queries/s | its p50 / p99 | at ${DNS_TARGETS.qps}/s offered: answered/s | p50 | p99 | lost |`,
    '|---|---|---|---|---|---|---|',
    ...rows.map(([name, r]) => (r
      ? `| ${name} | ${Math.round(r.closed.qps)} | ${ms(r.closed.p50)} / ${ms(r.closed.p99)} | ${Math.round(r.paced.qps)} | ${ms(r.paced.p50)} | ${ms(r.paced.p99)} | ${r.closed.lost + r.paced.lost} |`
      : `| ${name} | not measured | | | | | |`)),
    '',
    `Target (issue): at least ${DNS_TARGETS.qps} queries/s with p99 under ${DNS_TARGETS.p99Ms} ms: ${met ? 'met' : '**missed**'} (unsigned). ${dnsmasqNote}`,
    '',
  ].join('\n');
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
