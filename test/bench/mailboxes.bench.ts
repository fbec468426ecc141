// Agent mailboxes section of `npm run bench` (a report, never a test): inbound 50 KB messages accepted and stored per
// second through the SMTP listener (nodemailer, pooled connections), and search p50 over 100,000 messages.
import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestPlatform } from '../helpers/test-platform.js';
import { mailboxesModule } from '../../subgraphs/mailboxes/index.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { percentile } from './load.js';
import { meterPerMessage } from './per-message-cost.js';
import { writeSection } from './report.js';
import type { SmtpLoadClient } from './smtp-load.js';
import { INBOUND_BODY, runSmtpLoad, WORDS } from './smtp-load-runner.js';

/** The issue's targets on this machine. */
export const MAILBOX_TARGETS = { inboundPerSec: 200, searchP50Ms: 50 } as const;

const INBOUND = 1000;
const CONNECTIONS = 8;
/** A second run with as many connections as an MTA opens to one destination by default (Postfix: 20). */
const WIDE_CONNECTIONS = 20;
const SEARCH_ROWS = 100_000;
const SEARCH_SAMPLES = 200;

const log = (line: string) => process.stderr.write(`[bench:mailboxes] ${line}\n`);

export async function benchMailboxes(): Promise<string> {
  const loadAtStart = loadavg()[0]!.toFixed(1);
  // No DNS from here: the SPF/DKIM/DMARC checks get "not found" at once.
  const resolver = async (name: string) => {
    throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  const t = await startTestPlatform(
    { LOG_LEVEL: 'silent' },
    { modules: [mailboxesModule({ contactMessages: false })], mailAuthResolver: resolver },
  );
  try {
    const key = await t.key('bench-mbx');
    await t.platform.orm.em
      .getConnection()
      .execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-mbx'");
    const inbox = (await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'inbound' } })).body
      .data as { id: string; address: string };
    log(`sending ${INBOUND} messages of ${Math.round(INBOUND_BODY.length / 1024)} KB over ${CONNECTIONS} connections`);
    const send = (count: number, connections: number, first = 0, client: SmtpLoadClient = 'pipelined') =>
      runSmtpLoad({ port: t.platform.smtpPort!, to: inbox.address, count, connections, first, client });
    const meter = await meterPerMessage(t.platform.orm);
    const { seconds, latencies, clientCpuMs } = await send(INBOUND, CONNECTIONS);
    const cost = await meter.stop(INBOUND);
    const loadBeforeWide = loadavg()[0]!.toFixed(1);
    const wide = await send(INBOUND, WIDE_CONNECTIONS, INBOUND);
    const loadBeforeNodemailer = loadavg()[0]!.toFixed(1);
    const viaNodemailer = await send(INBOUND, CONNECTIONS, 2 * INBOUND, 'nodemailer');
    // Acknowledged means stored and searchable: the search vector is computed in the statement that stores.
    const [counts] = await t.platform.orm.em
      .getConnection()
      .execute("select count(*) as n, count(search) as searchable from mailboxes.messages where direction = 'inbound'");
    if (Number(counts.n) !== 3 * INBOUND || Number(counts.searchable) !== 3 * INBOUND)
      throw new Error(`expected ${3 * INBOUND} stored and searchable, found ${counts.n} / ${counts.searchable}`);
    const perSec = INBOUND / seconds;
    latencies.sort((a, b) => a - b);

    const loadBeforeSearch = loadavg()[0]!.toFixed(1);
    log(`inserting ${SEARCH_ROWS} messages for search`);
    const conn = t.platform.orm.em.getConnection();
    const [{ organization_id: org, thread_id: thread }] = await conn.execute(
      'select organization_id, thread_id from mailboxes.messages limit 1',
    );
    await conn.execute(
      `
      insert into mailboxes.messages (id, organization_id, mailbox_id, thread_id, direction, status, message_id, "from", from_address, "to", addresses,
        subject, text, text_preview, headers, attachments, attachment_count, received_at, created_at)
      select 'msg_bench' || g, ?, ?, ?, 'inbound', 'received', '<bench' || g || '@x>', 'sender' || (g % 500) || '@example.com', 'sender' || (g % 500) || '@example.com',
        array['inbound@agents.localhost'], array['inbound@agents.localhost'],
        (array[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + g % 20] || ' update ' || g,
        (array[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (g * 7) % 20] || ' and ' || (array[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (g * 13) % 20] || ' notes for week ' || (g % 52),
        '', '{}', '[]', 0, now() - (g || ' seconds')::interval, now()
      from generate_series(1, ?) g`,
      [org, inbox.id, thread, SEARCH_ROWS],
    );
    await conn.execute('analyze mailboxes.messages');
    const queries = [
      'invoice',
      '"quarterly review"',
      'budget -travel',
      'sender42',
      'roadmap OR pricing',
      'security release notes',
    ];
    const path = (q: string) =>
      `/v1/agent-email/mailboxes/${inbox.id}/inbox/search?query=${encodeURIComponent(q)}&limit=20`;
    for (const q of queries) {
      const res = await t.request('GET', path(q), { key });
      if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    const times: number[] = [];
    for (let i = 0; i < SEARCH_SAMPLES; i++) {
      const t0 = performance.now();
      const res = await t.request('GET', path(queries[i % queries.length]!), { key });
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return [
      '## Agent mailboxes: inbound SMTP and search',
      '',
      `Command: \`npm run bench\` (section \`benchMailboxes\`, test/bench/mailboxes.bench.ts; alone: \`node dist/test/bench/mailboxes.bench.js\`). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}.`,
      `The one-process platform (mailboxes module) on its own database; the SMTP client in a worker thread (test/bench/smtp-load.ts): ready-made raw messages, each connection sending its next message on the 250 of the last, MAIL/RCPT/DATA pipelined (test/bench/smtp-pipelined-client.ts), or nodemailer where said. Load average when the run started: ${loadAtStart}; before the search: ${loadBeforeSearch}.`,
      '',
      '| measure | value | target | verdict |',
      '|---|---|---|---|',
      `| inbound messages of ${Math.round(INBOUND_BODY.length / 1024)} KB accepted (250 after DATA) and stored (searchable), ${CONNECTIONS} SMTP connections, ${INBOUND} messages | ${Math.round(perSec)} /s | ≥ ${MAILBOX_TARGETS.inboundPerSec} /s | ${perSec >= MAILBOX_TARGETS.inboundPerSec ? 'met' : '**missed**'} |`,
      `| same, per message latency p50 / p95 | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} | | |`,
      `| same, per message: PostgreSQL statements (listener and dispatcher) / CPU of the platform's main thread / CPU of the database's backends / CPU of the SMTP client | ${cost.statements.toFixed(1)} / ${ms(cost.mainCpuMs)} / ${ms(cost.postgresCpuMs)} / ${ms(clientCpuMs / INBOUND)} | | |`,
      `| the same ${INBOUND} messages over ${WIDE_CONNECTIONS} connections (load average ${loadBeforeWide}) | ${Math.round(INBOUND / wide.seconds)} /s | ≥ ${MAILBOX_TARGETS.inboundPerSec} /s | ${INBOUND / wide.seconds >= MAILBOX_TARGETS.inboundPerSec ? 'met' : '**missed**'} |`,
      `| the same over ${CONNECTIONS} connections with nodemailer as the client (load average ${loadBeforeNodemailer}; client CPU ${ms(viaNodemailer.clientCpuMs / INBOUND)} per message) | ${Math.round(INBOUND / viaNodemailer.seconds)} /s | | |`,
      `| GET …/inbox/search over ${SEARCH_ROWS.toLocaleString('en')} messages (words, phrase, exclusion, OR), p50 of ${SEARCH_SAMPLES} sequential requests | ${ms(p50)} | < ${MAILBOX_TARGETS.searchP50Ms} ms | ${p50 < MAILBOX_TARGETS.searchP50Ms ? 'met' : '**missed**'} |`,
      `| same, p95 / p99 | ${ms(percentile(times, 95))} / ${ms(percentile(times, 99))} | | |`,
      '',
      "The recipient's mailbox is found once at RCPT (and remembered for 2 s). Each inbound message is parsed (mailparser, in a worker thread) while",
      'mailauth checks SPF/DKIM/DMARC (DNS answered "not found" locally), then stored with its thread, its search vector and its `message.received`',
      'outbox row in one SQL statement (bound parameters, prepared once per connection) before the 250 reply (synchronous commit: the WAL is flushed',
      'first), so a message is searchable when acknowledged. Search ranks a GIN-indexed `tsvector` (subject, sender, first 10,000 characters of the',
      'text) once per match. Both cores are shared by the platform, PostgreSQL and the SMTP client.',
      '',
    ].join('\n');
  } finally {
    await t.stop();
  }
}

// `node dist/test/bench/mailboxes.bench.js` measures and writes this section alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchMailboxes().then(
    (section) => {
      process.stdout.write(section + '\n');
      writeSection(join(projectRoot(), 'BENCHMARKS.md'), 'mailboxes', section);
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
