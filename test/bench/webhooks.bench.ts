// Webhook section of `npm run bench` (a report, never a test): deliveries per second to a loopback receiver, and
// the latency from an event's commit to its first attempt arriving. Runs the real platform on its own database.
import 'reflect-metadata';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startTestPlatform } from '../helpers/test-platform.js';
import { startReceiver } from '../subgraphs/webhooks/helpers/receiver.js';
import { runAlone } from './run-alone.js';

/** The targets on this machine. */
export const WEBHOOK_TARGETS = { deliveriesPerSec: 500, firstAttemptP50Ms: 50 } as const;

const THROUGHPUT_EVENTS = 3_000;
const LATENCY_EVENTS = 200;
const LATENCY_GAP_MS = 20;
const WARMUP_EVENTS = 200;
const RETRIES = 300;

const log = (line: string) => process.stderr.write(`[bench:webhooks] ${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Measures the webhook engine and returns a Markdown section for BENCHMARKS.md. */
export async function benchWebhooks(): Promise<string> {
  const t = await startTestPlatform({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    JOBS_PROCESS_EVERY_MS: '1000',
    LOG_LEVEL: 'silent',
  });
  const receiver = await startReceiver(() => 200);
  const db = new pg.Client({ connectionString: t.platform.orm.config.get('clientUrl') as string });
  await db.connect();
  try {
    const key = await t.key('bench');
    // The retry measure calls the API faster than the Starter plan allows.
    await db.query("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench'");
    const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url, events: ['form.submitted'], active: true },
    });
    if (created.status !== 201) throw new Error(`webhook not created: ${created.text}`);

    // Events enter as a module's transaction writes them: outbox rows, then NOTIFY on commit.
    const raiseMany = async (prefix: string, count: number) => {
      await db.query(
        `insert into platform.events (id, organization_id, type, data, created_at)
         select $1 || lpad(n::text, 6, '0'), $2, 'form.submitted', jsonb_build_object('formId', 1, 'submissionId', n, 'fields', '{}'::jsonb), now()
           from generate_series(1, $3) n`,
        [prefix, organizationId, count],
      );
      await db.query("select pg_notify('platform_events', $1)", [organizationId]);
    };
    const arrived = (prefix: string) =>
      receiver.requests.filter((r) => typeof r.json?.id === 'string' && r.json.id.startsWith(prefix)).length;

    log(`warm-up: ${WARMUP_EVENTS} events`);
    await raiseMany('evt_warm_', WARMUP_EVENTS);
    await receiver.waitFor(() => arrived('evt_warm_') >= WARMUP_EVENTS, 60_000);

    log(`throughput: ${THROUGHPUT_EVENTS} events raised at once`);
    const started = performance.now();
    await raiseMany('evt_burst_', THROUGHPUT_EVENTS);
    await receiver.waitFor(() => arrived('evt_burst_') >= THROUGHPUT_EVENTS, 180_000);
    const deliveredMs = performance.now() - started;
    const recorded = async () =>
      Number(
        (
          await db.query(
            "select count(*) from webhooks.deliveries where event_id like 'evt_burst_%' and status = 'SUCCESS'",
          )
        ).rows[0].count,
      );
    while ((await recorded()) < THROUGHPUT_EVENTS) await new Promise((r) => setTimeout(r, 20));
    const recordedMs = performance.now() - started;
    const perSec = THROUGHPUT_EVENTS / (deliveredMs / 1000);

    log(`latency: ${LATENCY_EVENTS} events, one every ${LATENCY_GAP_MS} ms`);
    const raisedAt = new Map<string, number>();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const id = `evt_lat_${String(i).padStart(6, '0')}`;
      const before = Date.now();
      await db.query(
        "insert into platform.events (id, organization_id, type, data, created_at) values ($1, $2, 'form.submitted', '{\"formId\":1}', now())",
        [id, organizationId],
      );
      await db.query("select pg_notify('platform_events', $1)", [organizationId]);
      raisedAt.set(id, before);
      await new Promise((r) => setTimeout(r, LATENCY_GAP_MS));
    }
    await receiver.waitFor(() => arrived('evt_lat_') >= LATENCY_EVENTS, 60_000);
    const latencies = receiver.requests
      .filter((r) => raisedAt.has(r.json?.id))
      .map((r) => r.receivedAt - raisedAt.get(r.json.id)!)
      .sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const p99 = percentile(latencies, 99);

    log(`retry path: ${RETRIES} manual retries, one Agenda job per attempt`);
    const ids = (
      await db.query("select id from webhooks.deliveries where event_id like 'evt_burst_%' order by id limit $1", [
        RETRIES,
      ])
    ).rows.map((r) => r.id as string);
    const before = receiver.requests.length;
    const retryStarted = performance.now();
    for (let i = 0; i < ids.length; i += 20) {
      await Promise.all(
        ids.slice(i, i + 20).map(async (id) => {
          const res = await t.request('POST', `/webhooks/deliveries/${id}/retry`, { key });
          if (res.status !== 200) throw new Error(`retry refused: ${res.text}`);
        }),
      );
    }
    const requestedMs = performance.now() - retryStarted;
    await receiver.waitFor((rs) => rs.length - before >= RETRIES, 120_000);
    const retriesPerSec = RETRIES / ((performance.now() - retryStarted) / 1000);

    const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
    return [
      '## Webhook deliveries',
      '',
      `Command: \`npm run bench -- --only webhooks\` (test/bench/webhooks.bench.ts). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
      'The one-process platform on its own database; a node:http receiver on loopback answering 200; one webhook subscribed to',
      '`form.submitted`; events written to the outbox as a module transaction writes them (row + NOTIFY). Path measured:',
      'NOTIFY → dispatcher (delivery rows + the durable fallback job in one transaction) → first-attempt lane → signed POST →',
      'attempt recorded (successes in batches). Retries (attempts 2 to 7, manual) are one Agenda job each: measured apart.',
      '',
      '| measure | value | target | verdict |',
      '|---|---|---|---|',
      `| deliveries per second, ${THROUGHPUT_EVENTS} events raised at once (to last POST received) | ${Math.round(perSec)} /s | ≥ ${WEBHOOK_TARGETS.deliveriesPerSec} /s | ${verdict(perSec >= WEBHOOK_TARGETS.deliveriesPerSec)} |`,
      `| same burst, until every attempt is recorded SUCCESS | ${Math.round(THROUGHPUT_EVENTS / (recordedMs / 1000))} /s | | |`,
      `| event commit → first attempt received, p50 (${LATENCY_EVENTS} events, one per ${LATENCY_GAP_MS} ms) | ${p50} ms | < ${WEBHOOK_TARGETS.firstAttemptP50Ms} ms | ${verdict(p50 < WEBHOOK_TARGETS.firstAttemptP50Ms)} |`,
      `| same, p95 / p99 | ${p95} ms / ${p99} ms | | |`,
      `| retry path: ${RETRIES} manual retries (REST calls 20 at a time + one Agenda job per attempt), to last POST received | ${Math.round(retriesPerSec)} /s (the ${RETRIES} REST calls took ${Math.round(requestedMs)} ms) | | |`,
      '',
    ].join('\n');
  } finally {
    await db.end();
    await receiver.close();
    await t.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAlone(benchWebhooks);
