// Stall section of `npm run bench -- --only stall` (a report, never a test): does any request stall the others? One
// platform process (all modules on one event loop, as `npm start` runs them) takes a mixed load (sign-ins, a 10 MB
// inbound mail over SMTP, a forms export of 50,000 submissions, DNSSEC re-signing, AI streams against a loopback mock
// provider, REST lists) while `/healthz` and a REST read are sampled one at a time. Reported: the platform's
// event-loop delay (its own /metrics), and the samplers' p99 during the load against the same samplers alone; sign-in
// p50 against one native argon2id verification with the same parameters, measured in this process in the same run.
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import nodemailer from 'nodemailer';
import { projectRoot } from '../../platform/config/project-root.js';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../../subgraphs/auth/passwords/password-hasher.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { REGISTRANT } from '../subgraphs/domains/helpers/domain-fixtures.js';
import { connectBenchSql } from './bench-sql.js';
import { nextMessage, exited } from './child-process.js';
import { seedMessages } from './email-fixtures.js';
import { machineBusyPercent, percentile } from './load.js';
import { startPlatformProcess, type PlatformProcess } from './platform-process.js';
import { writeSection } from './report.js';

/** The targets: event-loop delay p99 under 20 ms, reads' p99 during the mix at most 3× alone, sign-in p50 at most 1.3× one verification, 8 concurrent sign-ins at most 2× /healthz p99. */
export const STALL_TARGETS = { loopDelayP99Ms: 20, readsRatio: 3, signInRatio: 1.3, signInHealthRatio: 2 } as const;

const PHASE_MS = Number(process.env.BENCH_STALL_PHASE_MS ?? '10000');
const EXPORT_ROWS = Number(process.env.BENCH_STALL_EXPORT_ROWS ?? '50000');
const MAIL_BYTES = 10 * 1024 * 1024;
const SIGN_IN_CLIENTS = 8;
const AI_STREAMS = 8;
const LIST_CLIENTS = 4;
const PASSWORD = 'bench passphrase 2026';
const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stderr.write(`[bench:stall] ${line}\n`);
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

interface Sampled {
  health: number[];
  read: number[];
  loopP99Ms: number;
  loopMaxMs: number;
  /** Work done by each load during the phase. */
  done: Record<string, number>;
  failures: Record<string, number>;
}

/** One value of the exposition text. */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : NaN;
}

export async function benchStall(): Promise<string> {
  const database = await createTestDatabase();
  const busyAtStart = await machineBusyPercent(2000);
  let platform: PlatformProcess | undefined;
  let mock: ChildProcess | undefined;
  const db = await connectBenchSql(database.url);
  try {
    mock = fork(join(here, 'ai-mock-provider.js'), [], {
      env: { ...process.env, BENCH_HOLD_MS: '200' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const mockUrl = (await nextMessage<{ url: string }>(mock)).url;
    // BENCH_STALL_CPU_PROF=<dir>: the platform process writes a V8 CPU profile there on exit, to find the long tasks.
    const profileDir = process.env.BENCH_STALL_CPU_PROF;
    platform = await startPlatformProcess({
      databaseUrl: database.url,
      organizations: 2,
      execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    const p = platform;
    const [key, other] = p.keys as [string, string];
    const auth = { authorization: `Bearer ${key}` };

    log('set-up: users, 20 emails, a form with submissions, a mailbox, an AI provider, a signed zone');
    for (let i = 0; i < SIGN_IN_CLIENTS; i++) {
      const created = await p.request('POST', '/auth/users', {
        key,
        body: { email: `stall${i}@example.com`, password: PASSWORD, emailVerified: true },
      });
      if (created.status !== 201) throw new Error(`user: ${created.text}`);
    }
    await seedMessages(p.url, other, 20);
    const form = (
      await p.request('POST', '/forms', {
        key,
        body: {
          title: 'Stall survey',
          fields: [
            { type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true },
            { type: 'EMAIL', label: 'Email', ref: 'email' },
            { type: 'LONG_TEXT', label: 'Comments', ref: 'comments' },
          ],
        },
      })
    ).body.data as { id: number };
    const [org] = await db.execute<{ id: string }[]>("select id from platform.organizations where slug = 'bench-0'");
    await db.execute(
      `insert into forms.submissions (id, organization_id, form_id, status, answers, respondent_email, completed_at, created_at, updated_at)
       select 'sub_s' || lpad(n::text, 7, '0'), ?, ?, 'complete', jsonb_build_object('name', 'Respondent ' || n, 'email', 'r' || n || '@example.com', 'comments', repeat('Lorem ipsum ', 10)),
              'r' || n || '@example.com', now(), timestamptz '2026-01-01' + n * interval '1 second', now()
         from generate_series(1, ?) as n`,
      [org!.id, form.id, EXPORT_ROWS],
    );
    const mailbox = await p.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'stall' } });
    const mailTo = (mailbox.body?.data?.email ?? mailbox.body?.data?.address ?? 'stall@agents.localhost') as string;
    if (mailbox.status !== 201 && mailbox.status !== 200)
      log(`mailbox not created (${mailbox.status}): inbound mail goes to ${mailTo} anyway`);
    const gwKey = (await p.request('POST', '/ai/v1/keys', { key, body: { name: 'stall' } })).body?.key as string;
    const provider = await p.request('PUT', '/ai/v1/providers/openai', {
      key,
      body: { apiKey: 'sk-bench', baseUrl: `${mockUrl}/v1` },
    });
    if (!gwKey || provider.status !== 200) throw new Error('AI gateway set-up failed');
    const zone = 'stall-zone.com';
    const registered = await p.request('POST', '/domains/register', {
      key,
      body: { domainName: zone, registrant: REGISTRANT },
    });
    if (registered.status !== 201) throw new Error(`domain: ${registered.text}`);
    for (let i = 0; i < 50; i++)
      await p.request('POST', `/domains/${zone}/dns`, {
        key,
        body: { type: 'A', name: `host${i}`, value: `192.0.2.${i + 1}` },
      });

    // Loads: each loops until the phase ends, one request in flight per client.
    let running = false;
    const done: Record<string, number> = {};
    const failures: Record<string, number> = {};
    const count = (name: string, ok: boolean) => {
      (ok ? done : failures)[name] = ((ok ? done : failures)[name] ?? 0) + 1;
    };
    const loop = async (name: string, once: () => Promise<boolean>) => {
      while (running) {
        try {
          count(name, await once());
        } catch {
          count(name, false);
        }
      }
    };
    const signIn = async (i: number) =>
      (await p.request('POST', '/auth/sign-in', { key, body: { email: `stall${i}@example.com`, password: PASSWORD } }))
        .status === 200;
    const drain = async (res: Response) => {
      for await (const chunk of res.body!) void chunk;
      return res.ok;
    };
    const exportForms = async (format: string) =>
      drain(await fetch(`${p.url}/forms/${form.id}/submissions/export?format=${format}`, { headers: auth }));
    const aiStream = async () =>
      drain(
        await fetch(`${p.url}/ai/v1/chat/completions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${gwKey}`,
            'content-type': 'application/json',
            'x-cache-control': 'no-cache',
          },
          body: JSON.stringify({
            model: 'openai/gpt-4o-mini',
            messages: [{ role: 'user', content: 'Hello' }],
            stream: true,
          }),
        }),
      );
    const list = async () =>
      await fetch(`${p.url}/emails/messages?count=20`, { headers: { authorization: `Bearer ${other}` } }).then(drain);
    let resignTurn = 0;
    const resign = async () =>
      (await p.request('POST', `/domains/${zone}/dnssec/${resignTurn++ % 2 === 0 ? 'enable' : 'disable'}`, { key }))
        .status === 200;
    const bigBody = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(18)}\r\n`;
    const mailText = bigBody.repeat(Math.ceil(MAIL_BYTES / bigBody.length));
    const transport = p.smtpPort
      ? nodemailer.createTransport({ host: '127.0.0.1', port: p.smtpPort, secure: false, ignoreTLS: true })
      : undefined;
    const mail = async () => {
      await transport!.sendMail({ from: 'sender@example.org', to: mailTo, subject: 'A large message', text: mailText });
      return true;
    };

    /** Runs the given loads for one phase while sampling /healthz and a REST read, one request in flight each. */
    const phase = async (loads: (() => Promise<void>)[]): Promise<Sampled> => {
      for (const k of Object.keys(done)) delete done[k];
      for (const k of Object.keys(failures)) delete failures[k];
      await fetch(`${p.url}/metrics`).then((r) => r.text()); // prom-client's lag gauges restart at each scrape
      running = true;
      const health: number[] = [];
      const read: number[] = [];
      const sample = async (into: number[], url: string, headers: Record<string, string>, gapMs: number) => {
        while (running) {
          const begun = performance.now();
          await fetch(url, { headers })
            .then(drain)
            .catch(() => false);
          into.push(performance.now() - begun);
          await new Promise((r) => setTimeout(r, gapMs));
        }
      };
      const tasks = [
        ...loads.map((l) => l()),
        sample(health, `${p.url}/healthz`, {}, 5),
        sample(read, `${p.url}/emails/messages?count=20`, { authorization: `Bearer ${other}` }, 20),
      ];
      await new Promise((r) => setTimeout(r, PHASE_MS));
      const metrics = await fetch(`${p.url}/metrics`).then((r) => r.text());
      running = false;
      await Promise.all(tasks);
      return {
        health: health.sort((a, b) => a - b),
        read: read.sort((a, b) => a - b),
        done: { ...done },
        failures: { ...failures },
        // prom-client reports the sampling timer's interval (10 ms) included: the delay is the rest.
        loopP99Ms: Math.max(0, metric(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000 - 10),
        loopMaxMs: Math.max(0, metric(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000 - 10),
      };
    };

    log('one native argon2id verification in this process (same parameters), 20 times after 3 warm-ups');
    const reference = await hashPassword(PASSWORD);
    const verifyMs: number[] = [];
    for (let i = 0; i < 23; i++) {
      const begun = performance.now();
      await verifyPassword(PASSWORD, reference);
      if (i >= 3) verifyMs.push(performance.now() - begun);
    }
    verifyMs.sort((a, b) => a - b);
    log('sign-in latency: 30 sequential sign-ins after 5 warm-ups');
    const signInMs: number[] = [];
    for (let i = 0; i < 35; i++) {
      const begun = performance.now();
      if (!(await signIn(0))) throw new Error('sign-in failed');
      if (i >= 5) signInMs.push(performance.now() - begun);
    }
    signInMs.sort((a, b) => a - b);

    log(`phase alone: ${PHASE_MS} ms of sampling only`);
    const alone = await phase([]);
    log(`phase sign-ins: ${SIGN_IN_CLIENTS} clients signing in back to back`);
    const signIns = await phase(
      Array.from({ length: SIGN_IN_CLIENTS }, (_, i) => () => loop('sign-in', () => signIn(i))),
    );
    log('phase mix: sign-ins, 10 MB inbound mail, forms export, DNSSEC re-sign, AI streams, REST lists');
    const mixLoads = [
      ...Array.from({ length: 4 }, (_, i) => () => loop('sign-in', () => signIn(i))),
      ...(transport ? [() => loop('inbound mail 10 MB', mail)] : []),
      () => loop(`forms export ${EXPORT_ROWS.toLocaleString('en-US')} (csv)`, () => exportForms('csv')),
      () => loop(`forms export ${EXPORT_ROWS.toLocaleString('en-US')} (json)`, () => exportForms('json')),
      () => loop('DNSSEC enable/disable (re-sign 50+ records)', resign),
      ...Array.from({ length: AI_STREAMS }, () => () => loop('AI stream', aiStream)),
      ...Array.from({ length: LIST_CLIENTS }, () => () => loop('REST list', list)),
    ];
    const mix = await phase(mixLoads);
    // Each heavy load alone, to name the stalls: the one that delays the loop most is the first to move off it.
    const each: [string, Sampled][] = [];
    const single: [string, () => Promise<void>][] = [
      ...(transport
        ? [['inbound mail 10 MB', () => loop('inbound mail 10 MB', mail)] as [string, () => Promise<void>]]
        : []),
      [`forms export (csv)`, () => loop('forms export (csv)', () => exportForms('csv'))],
      [`forms export (json)`, () => loop('forms export (json)', () => exportForms('json'))],
      ['DNSSEC enable/disable', () => loop('DNSSEC enable/disable', resign)],
      [
        `${AI_STREAMS} AI streams`,
        async () => {
          await Promise.all(Array.from({ length: AI_STREAMS }, () => loop('AI stream', aiStream)));
        },
      ],
      [
        `${LIST_CLIENTS} REST list clients`,
        async () => {
          await Promise.all(Array.from({ length: LIST_CLIENTS }, () => loop('REST list', list)));
        },
      ],
    ];
    for (const [name, load] of single) {
      log(`alone: ${name}`);
      each.push([name, await phase([load])]);
    }
    transport?.close();

    const cpu = cpus();
    const p99 = (v: number[]) => percentile(v, 99);
    const row = (label: string, s: Sampled) =>
      `| ${label} | ${ms(s.loopP99Ms)} | ${ms(s.loopMaxMs)} | ${ms(p99(s.health))} (${s.health.length}) | ${ms(p99(s.read))} (${s.read.length}) | ${
        Object.entries(s.done)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || '-'
      }${
        Object.keys(s.failures).length
          ? `; failed: ${Object.entries(s.failures)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`
          : ''
      } |`;
    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const signInRatio = percentile(signInMs, 50) / percentile(verifyMs, 50);
    const healthRatio = p99(signIns.health) / p99(alone.health);
    const readsRatio = p99(mix.read) / p99(alone.read);
    const healthMixRatio = p99(mix.health) / p99(alone.health);
    return [
      '## Stall: one process under a mixed load',
      '',
      `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench -- --only stall\`. Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}); Node ${process.version}, NODE_ENV=production in the platform process. The machine was ${Math.round(busyAtStart)}% busy in the 2 s before the run; the load generator, the platform process, the mock AI provider and PostgreSQL share the cores.`,
      '',
      `Each phase lasts ${PHASE_MS / 1000} s. Samplers, one request in flight each: \`GET /healthz\` every 5 ms and \`GET /emails/messages?count=20\` (20 stored messages, another organization than the load's) every 20 ms. Event-loop delay: the platform's own \`/metrics\` (perf_hooks, a 10 ms timer; the timer's period not counted). Mix: 4 clients signing in back to back, a 10 MB message over SMTP to an agent mailbox in a loop, forms exports of ${EXPORT_ROWS.toLocaleString('en-US')} submissions (CSV and JSON, one each in a loop), DNSSEC enable/disable of a zone of 50 records in a loop, ${AI_STREAMS} AI streams against a loopback mock provider, ${LIST_CLIENTS} clients listing emails.`,
      '',
      '| phase | event-loop delay p99 | max | /healthz p99 (samples) | REST read p99 (samples) | work done in the phase |',
      '|---|---:|---:|---:|---:|---|',
      row('alone', alone),
      row(`${SIGN_IN_CLIENTS} concurrent sign-ins`, signIns),
      row('mix', mix),
      ...each.map(([name, sampled]) => row(`only ${name}`, sampled)),
      '',
      `- Sign-in (POST /auth/sign-in, 30 sequential): p50 **${ms(percentile(signInMs, 50))}**, p99 ${ms(percentile(signInMs, 99))}; one native argon2id verification (m = ${ARGON2_PARAMS.memorySize} KiB, t = ${ARGON2_PARAMS.iterations}, p = ${ARGON2_PARAMS.parallelism}) in the bench process: p50 ${ms(percentile(verifyMs, 50))}. Ratio **${signInRatio.toFixed(2)}×** (target ≤ ${STALL_TARGETS.signInRatio}×: ${verdict(signInRatio <= STALL_TARGETS.signInRatio)}).`,
      `- ${SIGN_IN_CLIENTS} concurrent sign-ins: /healthz p99 **${healthRatio.toFixed(2)}×** alone (target ≤ ${STALL_TARGETS.signInHealthRatio}×: ${verdict(healthRatio <= STALL_TARGETS.signInHealthRatio)}); event-loop delay p99 ${ms(signIns.loopP99Ms)}.`,
      `- Mix: event-loop delay p99 **${ms(mix.loopP99Ms)}** (target < ${STALL_TARGETS.loopDelayP99Ms} ms: ${verdict(mix.loopP99Ms < STALL_TARGETS.loopDelayP99Ms)}), max ${ms(mix.loopMaxMs)}; REST read p99 **${readsRatio.toFixed(2)}×** alone (target ≤ ${STALL_TARGETS.readsRatio}×: ${verdict(readsRatio <= STALL_TARGETS.readsRatio)}); /healthz p99 ${healthMixRatio.toFixed(2)}× alone.`,
    ].join('\n');
  } finally {
    await platform?.stop();
    mock?.kill();
    await exited(mock, 2000).catch(() => undefined);
    await db.end();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchStall()
    .then((section) => {
      process.stdout.write(`\n${section}\n`);
      writeSection(join(projectRoot(), 'BENCHMARKS.md'), 'stall', section);
      process.exit(0);
    })
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
