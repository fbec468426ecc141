// Tracing section of `npm run bench` (a report, never a test): what OpenTelemetry costs when on. Two platform
// processes side by side in one run, the same code and data, one started with the tracing --import module and an
// OTLP endpoint (a local sink that accepts and drops the exports), one without; REST GET /emails/messages under load,
// in alternating rounds so that both see the same machine.
import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { startOtlpSink } from '../helpers/otlp-sink.js';
import { loadTest, type LoadResult, type Target } from './load.js';
import { startPlatformProcess, type PlatformProcess } from './platform-process.js';

const CONNECTIONS = 32;
const DURATION_SEC = Number(process.env.BENCH_TRACING_SECONDS ?? 10);
const WARMUP_SEC = 3;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);
const ORGANIZATIONS = 2;
const MESSAGES = 20;

const log = (line: string) => process.stderr.write(`[bench:tracing] ${line}\n`);

/** Measures REST req/s with tracing on and off and returns a Markdown section for BENCHMARKS.md. */
export async function benchTracing(): Promise<string> {
  const sink = await startOtlpSink();
  const databases = [await createTestDatabase(), await createTestDatabase()];
  const processes: PlatformProcess[] = [];
  try {
    const loadAtStart = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    log('starting the platform without tracing, then with it (OTLP http/protobuf to a local sink)');
    const off = await startPlatformProcess({ databaseUrl: databases[0]!.url, organizations: ORGANIZATIONS });
    processes.push(off);
    const on = await startPlatformProcess({
      databaseUrl: databases[1]!.url,
      organizations: ORGANIZATIONS,
      execArgv: ['--import', join(projectRoot(), 'dist/platform/tracing/register.js')],
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url },
    });
    processes.push(on);
    for (const platform of [off, on]) await seed(platform);
    const sinkBefore = { requests: sink.requests.length, bytes: sink.bytes };
    await on.request('GET', '/emails/messages?count=20', { key: on.keys[0]! });
    const target = (platform: PlatformProcess, label: string): Target => ({
      label,
      path: 'GET /emails/messages?count=20',
      url: `${platform.url}/emails/messages?count=20`,
      method: 'GET',
      headers: (i) => ({ authorization: `Bearer ${platform.keys[i % platform.keys.length]}` }),
    });
    const targets = [target(off, 'tracing off'), target(on, 'tracing on')];
    const runs: LoadResult[][] = [[], []];
    const startedAt = Date.now();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, t] of targets.entries()) {
        log(
          `${t.label} (round ${round} of ${ROUNDS}): ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s at c=${CONNECTIONS}`,
        );
        runs[i]!.push(
          await loadTest(t, {
            connections: CONNECTIONS,
            durationSec: DURATION_SEC,
            warmupSec: WARMUP_SEC,
            serverPid: processes[i]!.pid,
          }),
        );
      }
    }
    const elapsedSec = (Date.now() - startedAt) / 1000;
    const loadAtEnd = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const [offRun, onRun] = runs.map(median);
    const exported = { requests: sink.requests.length - sinkBefore.requests, bytes: sink.bytes - sinkBefore.bytes };
    const failures = runs.flat().reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    const row = (label: string, r: LoadResult) =>
      `| ${label} | ${Math.round(r.requestsPerSec)} | ${r.p50} | ${r.p99} | ${r.serverCpuMsPerRequest.toFixed(2)} |`;
    const cpu = cpus();
    return [
      '## Tracing: what OpenTelemetry costs when on',
      '',
      `Run ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only tracing\` on ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${process.version}, NODE_ENV=production.`,
      `Load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${loadAtEnd}.`,
      `Two one-process platforms side by side, each on its own database with ${ORGANIZATIONS} organizations and ${MESSAGES} messages each;`,
      `one started with \`--import dist/platform/tracing/register.js\` and OTEL_EXPORTER_OTLP_ENDPOINT (http/protobuf, default batch`,
      `settings, every request sampled) to a loopback sink that accepts and drops the exports. REST \`GET /emails/messages?count=20\`,`,
      `c=${CONNECTIONS}, ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s per run, ${ROUNDS} alternating rounds (off, on, off, on, …); the median round of each.`,
      '',
      '| | req/s | p50 ms | p99 ms | server CPU ms / request |',
      '|---|---|---|---|---|',
      row('tracing off', offRun!),
      row('tracing on', onRun!),
      '',
      `**Tracing on: ${(100 * (onRun!.requestsPerSec / offRun!.requestsPerSec - 1)).toFixed(1)}% req/s, ${(100 * (onRun!.serverCpuMsPerRequest / offRun!.serverCpuMsPerRequest - 1)).toFixed(1)}% server CPU per request.**`,
      `Exports received by the sink during the ${Math.round(elapsedSec)} s of load: ${exported.requests} requests, ${(exported.bytes / 1e6).toFixed(1)} MB (protobuf).`,
      `Failed requests (non-2xx, errors, timeouts) over all runs: ${failures}.`,
      `Per round req/s, off: ${runs[0]!.map((r) => Math.round(r.requestsPerSec)).join(', ')}; on: ${runs[1]!.map((r) => Math.round(r.requestsPerSec)).join(', ')}.`,
    ].join('\n');
  } finally {
    for (const platform of processes) await platform.stop();
    for (const database of databases) await database.drop();
    await sink.close();
  }
}

/** A few messages in each organization, so the list answers a page of real rows. */
async function seed(platform: PlatformProcess) {
  for (const key of platform.keys) {
    for (let n = 0; n < MESSAGES; n++) {
      const res = await platform.request('POST', '/emails', {
        key,
        body: {
          from: 'bench@example.com',
          to: [`user${n}@example.com`],
          subject: `Bench message ${n}`,
          html: `<p>Message ${n}</p>`,
        },
      });
      if (res.status !== 200)
        throw new Error(`seeding: POST /emails answered ${res.status}: ${res.text.slice(0, 300)}`);
    }
  }
}

/** The run with the median req/s, whole. */
function median(runs: LoadResult[]): LoadResult {
  return [...runs].sort((x, y) => x.requestsPerSec - y.requestsPerSec)[Math.floor((runs.length - 1) / 2)]!;
}
