// SMS section of `npm run bench` (a report, never a test): POST /sms/batch of 500 accepted (latency), and messages per
// second through the sandbox carrier (accepted → DELIVERED). Runs the real platform on its own database.
import 'reflect-metadata';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startTestPlatform } from '../helpers/test-platform.js';
import { percentile } from './load.js';
import { runAlone } from './run-alone.js';

export const SMS_TARGETS = { batch500P50Ms: 300 } as const;

const BATCH = 500;
const WARMUP_BATCHES = 3;
const LATENCY_BATCHES = 20;
const THROUGHPUT_BATCHES = 10;

const log = (line: string) => process.stderr.write(`[bench:sms] ${line}\n`);

/** Measures the SMS module and returns a Markdown section for BENCHMARKS.md. */
export async function benchSms(): Promise<string> {
  const t = await startTestPlatform({ JOBS_PROCESS_EVERY_MS: '1000', LOG_LEVEL: 'silent' });
  try {
    const key = await t.key('bench-sms');
    const db = t.platform.orm.em.getConnection();
    // Enterprise: no monthly quota in the way of 30,000 messages; the batch endpoint's own 10/s still applies.
    await db.execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-sms'");
    const batch = (n: number) =>
      Array.from({ length: BATCH }, (_, i) => ({
        to: `+1415${String(5_000_000 + n * BATCH + i).padStart(7, '0')}`,
        templateAlias: 'verification-code',
        templateModel: { appName: 'Bench', code: String(100000 + i), minutes: 10 },
      }));
    const send = async (n: number) => {
      const started = performance.now();
      const res = await t.request('POST', '/sms/batch', { key, body: batch(n) });
      if (res.status !== 200 || res.body.length !== BATCH)
        throw new Error(`batch refused: ${res.status} ${res.text.slice(0, 200)}`);
      return performance.now() - started;
    };
    const delivered = async () =>
      Number((await db.execute("select count(*)::int as n from sms.messages where status = 'DELIVERED'"))[0].n);
    const settle = async (count: number) => {
      while ((await delivered()) < count) await new Promise((r) => setTimeout(r, 50));
    };

    let n = 0;
    log(`warm-up: ${WARMUP_BATCHES} batches`);
    for (let i = 0; i < WARMUP_BATCHES; i++) await send(n++);
    await settle(n * BATCH);

    // Each batch waits for the carrier to finish the previous one: latency of an accept, not of a backlog.
    log(`latency: ${LATENCY_BATCHES} batches of ${BATCH}, one after another, the carrier idle`);
    const idle: number[] = [];
    for (let i = 0; i < LATENCY_BATCHES; i++) {
      idle.push(await send(n++));
      await settle(n * BATCH);
    }
    log(`latency + throughput: ${THROUGHPUT_BATCHES} batches back to back while the carrier works`);
    const busy: number[] = [];
    const before = n * BATCH;
    const started = performance.now();
    for (let i = 0; i < THROUGHPUT_BATCHES; i++) busy.push(await send(n++));
    await settle(n * BATCH);
    const perSec = (n * BATCH - before) / ((performance.now() - started) / 1000);

    idle.sort((a, b) => a - b);
    busy.sort((a, b) => a - b);
    const ms = (v: number) => `${Math.round(v)} ms`;
    const p50 = percentile(idle, 50);
    return [
      '## SMS',
      '',
      `Command: \`npm run bench -- --only sms\` (test/bench/sms.bench.ts). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
      'The one-process platform on its own database, sandbox carrier; the client in the same process. A batch answer means',
      'every message is validated, rendered, counted, stored QUEUED with its quota unit, and one carrier job is committed.',
      '',
      '| measure | value | target | verdict |',
      '|---|---|---|---|',
      `| POST /sms/batch of ${BATCH}, carrier idle, p50 / p95 (${LATENCY_BATCHES} batches) | ${ms(p50)} / ${ms(percentile(idle, 95))} | p50 < ${SMS_TARGETS.batch500P50Ms} ms | ${p50 < SMS_TARGETS.batch500P50Ms ? 'met' : '**missed**'} |`,
      `| same, back to back while the carrier works on earlier batches, p50 / max (${THROUGHPUT_BATCHES} batches) | ${ms(percentile(busy, 50))} / ${ms(busy[busy.length - 1]!)} | | |`,
      `| messages per second, accepted → DELIVERED through the sandbox carrier (${THROUGHPUT_BATCHES * BATCH} messages) | ${Math.round(perSec)} /s | | |`,
      '',
    ].join('\n');
  } finally {
    await t.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAlone(benchSms);
