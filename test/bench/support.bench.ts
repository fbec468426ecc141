// Support section of `npm run bench` (a report, never a test): 1,000 widget connections open at once while visitor
// messages flow (visitor message → agent subscription latency, memory per connection), and the analytics overview over
// 100,000 conversations' reporting events.
import 'reflect-metadata';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestPlatform } from '../helpers/test-platform.js';
import { supportModule } from '../../subgraphs/support/index.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { percentile } from './load.js';
import { meterPerMessage } from './per-message-cost.js';
import { writeSection } from './report.js';
import { renderProfile, summarizeProfile, type CpuProfile } from './profile-summary.js';

/** The targets. */
export const SUPPORT_TARGETS = { messageToAgentP99Ms: 100, overviewP50Ms: 100 } as const;

const WIDGETS = 1000;
const MESSAGES = 300;
const CONVERSATIONS = 100_000;
const OVERVIEW_SAMPLES = 100;
/** BENCH_PROFILE=1: a CPU profile of the message phase, summarized on stderr (a diagnostic, not part of the report). */
const PROFILE = process.env.BENCH_PROFILE === '1';
const log = (line: string) => process.stderr.write(`[bench:support] ${line}\n`);

async function startProfiler(): Promise<{ stop(): Promise<CpuProfile> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile as unknown as CpuProfile;
    },
  };
}

export async function benchSupport(): Promise<string> {
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const t = await startTestPlatform(
    { LOG_LEVEL: 'silent' },
    { modules: [supportModule({ contactConversations: false })] },
  );
  const clients: Client[] = [];
  try {
    const key = await t.key('bench-support');
    const sqlOf = t.platform.orm.em.getConnection();
    await sqlOf.execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-support'");
    const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    const inbox = (await t.request('POST', '/support/inboxes', { key, body: { name: 'Bench' } })).body.data as {
      id: string;
      widgetToken: string;
    };

    log(`${WIDGETS} visitors with an open conversation each (SQL)`);
    await sqlOf.execute(
      `insert into support.visitors (id, organization_id, token_hash, inbox_id, attributes, created_at, updated_at)
      select 'vis_bench_' || n, ?, encode(sha256(('vt_bench_' || n)::bytea), 'hex'), ?, '{}', now(), now() from generate_series(1, ?) n`,
      [organizationId, inbox.id, WIDGETS],
    );
    await sqlOf.execute(
      `insert into support.conversations (id, organization_id, inbox_id, visitor_id, status, channel, last_activity_at, created_at, updated_at)
      select 'conv_bench_' || n, ?, ?, 'vis_bench_' || n, 'open', 'widget', now(), now(), now() from generate_series(1, ?) n`,
      [organizationId, inbox.id, WIDGETS],
    );

    global.gc?.();
    const memBefore = process.memoryUsage();
    log(`opening ${WIDGETS} widget subscriptions (graphql-ws)`);
    const url = t.url.replace(/^http/, 'ws') + '/graphql';
    let subscribed = 0;
    for (let batch = 0; batch < WIDGETS; batch += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, WIDGETS - batch) }, async (_, i) => {
          const n = batch + i + 1;
          const client = createClient({
            url,
            webSocketImpl: WebSocket,
            connectionParams: { widgetToken: inbox.widgetToken, visitorToken: `vt_bench_${n}` },
            retryAttempts: 0,
            lazy: false,
            onNonLazyError: () => undefined,
          });
          clients.push(client);
          await new Promise<void>((resolve) => {
            client.on('connected', () => resolve());
            client.subscribe(
              {
                query: 'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { id } }',
                variables: { id: `conv_bench_${n}` },
              },
              { next: () => undefined, error: () => undefined, complete: () => undefined },
            );
          });
          subscribed++;
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
    global.gc?.();
    const memAfter = process.memoryUsage();
    const perConnectionKb = (memAfter.rss - memBefore.rss) / 1024 / WIDGETS;
    const heapPerConnectionKb = (memAfter.heapUsed - memBefore.heapUsed) / 1024 / WIDGETS;

    log('agent subscription, then visitor messages one at a time');
    const waiting = new Map<string, (at: number) => void>();
    const agent = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { apiKey: key },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
    });
    clients.push(agent);
    agent.subscribe(
      { query: 'subscription { events(types: ["message.received"]) { data } }' },
      {
        next: (r) => {
          const content = (r.data as any)?.events?.data?.message?.content as string | undefined;
          if (content) waiting.get(content)?.(performance.now());
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    const send = async (i: number) => {
      const n = (i % WIDGETS) + 1;
      const content = `bench ${i}`;
      const arrived = new Promise<number>((resolve) => waiting.set(content, resolve));
      const t0 = performance.now();
      const res = await t.request('POST', `/support/widget/conversations/conv_bench_${n}/messages`, {
        body: { message: content },
        headers: { 'x-widget-token': inbox.widgetToken, 'x-visitor-token': `vt_bench_${n}` },
      });
      if (res.status !== 201) throw new Error(`message answered ${res.status}: ${res.text.slice(0, 200)}`);
      const at = await Promise.race([
        arrived,
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no event in 10 s')), 10_000)),
      ]);
      waiting.delete(content);
      return at - t0;
    };
    for (let i = 0; i < 20; i++) await send(i); // warm-up (the agent subscription is live once the first arrives)
    const latencies: number[] = [];
    const profiler = PROFILE ? await startProfiler() : null;
    const meter = await meterPerMessage(t.platform.orm);
    for (let i = 20; i < 20 + MESSAGES; i++) latencies.push(await send(i));
    const cost = await meter.stop(MESSAGES);
    if (profiler)
      log(
        `CPU profile of the message phase (server and clients, one process):\n${renderProfile(summarizeProfile(await profiler.stop()), MESSAGES)}`,
      );

    log(`reporting events of ${CONVERSATIONS} conversations (SQL)`);
    await sqlOf.execute(
      `insert into support.reporting_events (id, organization_id, name, value, value_in_business_hours, inbox_id, conversation_id, user_id, event_start_time, event_end_time)
      select 'rep_bench_' || n || '_' || e.name, ?, e.name, case when e.timed then (n % 3600) + 30 else null end, case when e.timed then (n % 1800) + 30 else null end, ?,
             'conv_x_' || n, 'user_' || (n % 20), timestamptz '2030-01-01' + (n || ' minutes')::interval, timestamptz '2030-01-01' + (n || ' minutes')::interval + interval '5 minutes'
      from generate_series(1, ?) n,
           (values ('conversation_created', false), ('incoming_message', false), ('outgoing_message', false), ('first_response', true), ('conversation_resolved', true)) e(name, timed)`,
      [organizationId, inbox.id, CONVERSATIONS],
    );
    await sqlOf.execute('analyze support.reporting_events');
    const path = '/support/analytics/overview?startDate=2030-01-01&endDate=2030-12-31';
    const check = await t.request('GET', path, { key });
    if (check.body.data.conversations !== CONVERSATIONS)
      throw new Error(`overview counted ${check.body.data.conversations}`);
    // The rollup must agree with a GROUP BY over the events themselves (the previous way, timed below side by side).
    const rawOverview = `select count(*) filter (where name = 'conversation_created') as conversations, count(*) filter (where name = 'incoming_message') as incoming,
        count(*) filter (where name = 'outgoing_message') as outgoing, count(*) filter (where name = 'conversation_resolved') as resolutions,
        avg(value) filter (where name = 'first_response') as frt, avg(value_in_business_hours) filter (where name = 'first_response') as frt_bh,
        avg(value) filter (where name = 'conversation_resolved') as rt, avg(value_in_business_hours) filter (where name = 'conversation_resolved') as rt_bh,
        avg(value) filter (where name = 'reply_time') as rep, avg(value_in_business_hours) filter (where name = 'reply_time') as rep_bh
      from support.reporting_events where organization_id = ? and event_end_time >= '2030-01-01' and event_end_time < '2031-01-01'`;
    const [raw] = await sqlOf.execute(rawOverview, [organizationId]);
    const same = (a: unknown, b: unknown) =>
      a === null || b === null ? a === b : Math.abs(Number(a) - Number(b)) < 1e-6 * Math.max(1, Math.abs(Number(b)));
    const o = check.body.data;
    if (
      !same(o.avgFirstResponseTime, raw.frt) ||
      !same(o.businessHours.avgResolutionTime, raw.rt_bh) ||
      Number(raw.resolutions) !== o.resolutions
    ) {
      throw new Error(`rollup ${JSON.stringify(o)} differs from events ${JSON.stringify(raw)}`);
    }
    const timed = async (run: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await run();
      const samples: number[] = [];
      for (let i = 0; i < OVERVIEW_SAMPLES; i++) {
        const t0 = performance.now();
        await run();
        samples.push(performance.now() - t0);
      }
      return samples;
    };
    const loadAtOverview = loadavg()[0]!.toFixed(1);
    const overview = await timed(() => t.request('GET', path, { key }));
    const partial = await timed(() =>
      t.request('GET', '/support/analytics/overview?startDate=2030-01-01T12:00:00Z&endDate=2030-03-10T12:00:00Z', {
        key,
      }),
    );
    const responseTime = await timed(() =>
      t.request('GET', '/support/analytics/response-time?startDate=2030-01-01&endDate=2030-12-31', { key }),
    );
    const eventsSql = await timed(() => sqlOf.execute(rawOverview, [organizationId]));

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const p99 = percentile(latencies, 99);
    const p50 = percentile(overview, 50);
    return [
      '## Support: widget connections and analytics',
      '',
      `Command: \`npm run bench\` (section \`support\`, test/bench/support.bench.ts; alone: \`node --expose-gc dist/test/bench/support.bench.js\`). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}.`,
      `The one-process platform (support module) on its own database; clients in the same process, over loopback. Load average at start: ${loadAtStart}.`,
      '',
      '| measure | value | target | verdict |',
      '|---|---|---|---|',
      `| widget subscriptions open at once (graphql-ws, widget tokens, one conversation each) | ${subscribed} | 1,000 | ${subscribed >= WIDGETS ? 'met' : '**missed**'} |`,
      `| visitor message (POST /support/widget/…/messages) to the agent's \`events\` subscription, ${MESSAGES} sequential messages, while ${WIDGETS} widgets are connected: p50 / p99 | ${ms(percentile(latencies, 50))} / ${ms(p99)} | p99 < ${SUPPORT_TARGETS.messageToAgentP99Ms} ms | ${p99 < SUPPORT_TARGETS.messageToAgentP99Ms ? 'met' : '**missed**'} |`,
      `| same, per message: PostgreSQL statements (request and dispatcher) / CPU of this process's main thread (server and clients) / CPU of the database's backends | ${cost.statements.toFixed(1)} / ${ms(cost.mainCpuMs)} / ${ms(cost.postgresCpuMs)} | | |`,
      `| memory per widget connection, RSS / JS heap (server and client sides together: both run in this process) | ${perConnectionKb.toFixed(1)} KB / ${heapPerConnectionKb.toFixed(1)} KB | | |`,
      `| GET /support/analytics/overview over ${CONVERSATIONS.toLocaleString('en')} conversations (${(CONVERSATIONS * 5).toLocaleString('en')} reporting rows), one year (whole days: daily rollup): p50 / p95 (${OVERVIEW_SAMPLES} sequential; load average ${loadAtOverview}) | ${ms(p50)} / ${ms(percentile(overview, 95))} | p50 < ${SUPPORT_TARGETS.overviewP50Ms} ms | ${p50 < SUPPORT_TARGETS.overviewP50Ms ? 'met' : '**missed**'} |`,
      `| the same data, a range starting and ending at noon (rollup for whole days, events of the two edge half-days): p50 / p95 | ${ms(percentile(partial, 50))} / ${ms(percentile(partial, 95))} | | |`,
      `| GET /support/analytics/response-time, one year (histogram from the rollup, exact p50/p90 read from one bucket each): p50 / p95 | ${ms(percentile(responseTime, 50))} / ${ms(percentile(responseTime, 95))} | | |`,
      `| before the rollup, side by side: the previous overview statement alone (one GROUP BY over the year's events, SQL only, no HTTP): p50 / p95 | ${ms(percentile(eventsSql, 50))} / ${ms(percentile(eventsSql, 95))} | | |`,
      '',
      'The message latency covers the widget request (one query for the inbox and visitor of the tokens, then one statement',
      'that updates the conversation and writes the message, its reporting row, the outbox row and the NOTIFY, without',
      "BEGIN/COMMIT), the dispatcher's transaction and the live bus to the agent's socket. The analytics read whole UTC days from",
      '`support.reporting_daily` / `support.reporting_daily_histogram` (kept by statement triggers on `support.reporting_events`',
      'in the writing transaction) and only the partial edge days from the events; the bench checks the rollup against the events.',
      'Before the rollup the overview request itself measured p50 727.2 ms / p95 892.4 ms (run of 2026-11-25, load average 16.5).',
      '',
    ].join('\n');
  } finally {
    for (const c of clients) await c.dispose();
    await t.stop();
  }
}

// `node --expose-gc dist/test/bench/support.bench.js` measures and writes this section alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchSupport().then(
    (section) => {
      process.stdout.write(section + '\n');
      writeSection(join(projectRoot(), 'BENCHMARKS.md'), 'support', section);
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error?.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
