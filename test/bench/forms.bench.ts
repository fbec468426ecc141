// Forms section of `npm run bench` (a report, never a test): public submissions (latency, requests per second and
// the platform's CPU per submission) and the streamed export of 100,000 submissions. The platform runs in its own
// process (platform-process.ts, NODE_ENV=production) on its own database; the load comes from this one.
// `node dist/test/bench/forms.bench.js --profile` runs the platform under `node --cpu-prof` and prints where the
// submissions' CPU went instead of the section.
import 'reflect-metadata';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestDatabase } from '../helpers/test-database.js';
import { connectBenchSql } from './bench-sql.js';
import { percentile, processCpuMs } from './load.js';
import { startPlatformProcess } from './platform-process.js';
import { renderProfile, summarizeProfile, type CpuProfile } from './profile-summary.js';
import { runAlone } from './run-alone.js';

export const FORMS_TARGETS = { submitP50Ms: 10 } as const;

/** Part 8 allows 10 public submissions per minute per IP: each simulated respondent is a loopback address of its own. */
const PER_IP = 10;
const WARMUP_IPS = 30;
const SEQUENTIAL_IPS = 50;
const CONCURRENT_IPS = 300;
const CONCURRENCY = 20;
const EXPORT_ROWS = 100_000;

const PROFILE = process.argv.includes('--profile');

const log = (line: string) => process.stderr.write(`[bench:forms] ${line}\n`);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

/** Measures the forms module and returns a Markdown section for BENCHMARKS.md. */
export async function benchForms(): Promise<string> {
  const database = await createTestDatabase();
  const profileDir = join(tmpdir(), `bench-forms-profile-${Date.now()}`);
  if (PROFILE) mkdirSync(profileDir, { recursive: true });
  const t = await startPlatformProcess({
    databaseUrl: database.url,
    execArgv: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const db = await connectBenchSql(database.url);
  let stopped = false;
  try {
    const key = t.keys[0]!;
    const form = (
      await t.request('POST', '/forms', {
        key,
        body: {
          title: 'Bench survey',
          fields: [
            { type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true },
            { type: 'EMAIL', label: 'Email', ref: 'email', required: true },
            { type: 'NPS', label: 'Score', ref: 'score' },
            { type: 'SELECT', label: 'Plan', ref: 'plan', settings: { options: ['Free', 'Pro', 'Team'] } },
            { type: 'LONG_TEXT', label: 'Comments', ref: 'comments' },
          ],
        },
      })
    ).body.data as { id: number; uuid: string };
    await t.request('POST', `/forms/${form.id}/publish`, { key });
    const url = new URL(t.url);
    let ipCounter = 2;
    const respondents = (count: number) =>
      Array.from({ length: count }, () => {
        const n = ipCounter++;
        return new Agent({ keepAlive: true, localAddress: `127.1.${Math.floor(n / 250)}.${(n % 250) + 2}` });
      });
    const submit = (agent: Agent, i: number) =>
      new Promise<number>((resolve, reject) => {
        const payload = JSON.stringify({
          data: {
            name: `Respondent ${i}`,
            email: `r${i}@example.com`,
            score: i % 11,
            plan: 'Pro',
            comments: 'Lorem ipsum dolor sit amet. '.repeat(4),
          },
          respondentEmail: `r${i}@example.com`,
        });
        const started = performance.now();
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: `/f/${form.uuid}/submit`,
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              res.statusCode === 201 || res.statusCode === 200
                ? resolve(performance.now() - started)
                : reject(new Error(`submit answered ${res.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    let i = 0;
    log(`warm-up: ${WARMUP_IPS * PER_IP} submissions, not measured (the JIT compiles the path)`);
    for (const agent of respondents(WARMUP_IPS)) {
      for (let k = 0; k < PER_IP; k++) await submit(agent, i++);
      agent.destroy();
    }
    log(`sequential: ${SEQUENTIAL_IPS * PER_IP} submissions from ${SEQUENTIAL_IPS} respondents`);
    const sequential: number[] = [];
    const loadAtSequential = loadAverage();
    const sequentialFromUs = Number(process.hrtime.bigint() / 1000n);
    const cpuBeforeSequential = processCpuMs(t.pid);
    for (const agent of respondents(SEQUENTIAL_IPS)) {
      for (let k = 0; k < PER_IP; k++) sequential.push(await submit(agent, i++));
      agent.destroy();
    }
    const sequentialCpuMs = (processCpuMs(t.pid) - cpuBeforeSequential) / sequential.length;
    sequential.sort((a, b) => a - b);

    log(`concurrent: ${CONCURRENT_IPS * PER_IP} submissions, ${CONCURRENCY} in flight`);
    const agents = respondents(CONCURRENT_IPS);
    const jobs = agents.flatMap((agent) => Array.from({ length: PER_IP }, () => agent));
    const concurrent: number[] = [];
    const concurrentFromUs = Number(process.hrtime.bigint() / 1000n);
    const loadAtConcurrent = loadAverage();
    const cpuBeforeConcurrent = processCpuMs(t.pid);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) concurrent.push(await submit(jobs[next++]!, i++));
      }),
    );
    const perSec = jobs.length / ((performance.now() - started) / 1000);
    const concurrentCpuMs = (processCpuMs(t.pid) - cpuBeforeConcurrent) / jobs.length;
    const concurrentToUs = Number(process.hrtime.bigint() / 1000n);
    agents.forEach((a) => a.destroy());
    concurrent.sort((a, b) => a - b);

    if (PROFILE) {
      await t.stop();
      stopped = true;
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!;
      const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
      return [
        `# Forms submit: platform CPU profiles\n\nRaw profile: ${join(profileDir, file)}`,
        `## ${sequential.length} submissions one at a time\n\n${renderProfile(summarizeProfile(profile, { fromUs: sequentialFromUs, toUs: concurrentFromUs }), sequential.length)}`,
        `## ${jobs.length} submissions, ${CONCURRENCY} in flight\n\n${renderProfile(summarizeProfile(profile, { fromUs: concurrentFromUs, toUs: concurrentToUs }), jobs.length)}`,
      ].join('\n\n');
    }

    log(`export: seeding ${EXPORT_ROWS} submissions`);
    const [org] = await db.execute<{ id: string }[]>("select id from platform.organizations where slug = 'bench-0'");
    await db.execute(
      `insert into forms.submissions (id, organization_id, form_id, status, answers, respondent_email, completed_at, created_at, updated_at)
       select 'sub_b' || lpad(n::text, 7, '0'), ?, ?, 'complete',
              jsonb_build_object('name', 'Respondent ' || n, 'email', 'r' || n || '@example.com', 'score', n % 11, 'plan', 'Pro', 'comments', repeat('Lorem ipsum ', 10)),
              'r' || n || '@example.com', now(), timestamptz '2026-01-01' + n * interval '1 second', now()
         from generate_series(1, ?) as n`,
      [org!.id, form.id, EXPORT_ROWS],
    );
    const exportOnce = async (format: 'csv' | 'json') => {
      const begun = performance.now();
      const res = await fetch(`${t.url}/forms/${form.id}/submissions/export?format=${format}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
      if (res.status !== 200) throw new Error(`export answered ${res.status}`);
      return { ms: performance.now() - begun, bytes };
    };
    log('export: csv and json');
    const csv = await exportOnce('csv');
    const json = await exportOnce('json');
    const total = EXPORT_ROWS + (WARMUP_IPS + SEQUENTIAL_IPS + CONCURRENT_IPS) * PER_IP;
    const exportRow = (name: string, r: { ms: number; bytes: number }) =>
      `| export ${name}, ${total.toLocaleString('en')} submissions (${(r.bytes / 1e6).toFixed(0)} MB) | ${(r.ms / 1000).toFixed(1)} s = ${Math.round(total / (r.ms / 1000)).toLocaleString('en')} rows/s, ${(r.bytes / 1e6 / (r.ms / 1000)).toFixed(1)} MB/s | | ${loadAverage()} | | |`;

    const ms = (v: number, digits = 1) => `${v.toFixed(digits)} ms`;
    const p50 = percentile(sequential, 50);
    return [
      '## Forms',
      '',
      `Command: \`npm run bench -- --only forms\` (test/bench/forms.bench.ts; alone: \`node dist/test/bench/forms.bench.js\`). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}.`,
      'The one-process platform in its own process (test/bench/platform-server.ts, every module, NODE_ENV=production) on its own',
      'database; the load from the parent process over HTTP (REST bridge → gateway → forms subgraph → PostgreSQL), each respondent a',
      'loopback address of its own (the public limit is 10 submissions per minute per IP). A submission: 5 fields validated,',
      'stored complete, counted and `form.submitted` written to the outbox atomically (one statement). "Platform CPU" is user + system time of the',
      'platform process divided by the submissions of that phase (PostgreSQL excluded): steadier than latency on a shared machine.',
      'Memory of the export is asserted in test/subgraphs/forms/export.test.ts.',
      '',
      '| measure | value | platform CPU / submission | load average (1, 5, 15 min) | target | verdict |',
      '|---|---|---:|---|---|---|',
      `| POST /f/{uuid}/submit, one at a time, p50 / p99 (${sequential.length} submissions after ${WARMUP_IPS * PER_IP} warm-ups) | ${ms(p50)} / ${ms(percentile(sequential, 99))} | ${ms(sequentialCpuMs, 2)} | ${loadAtSequential} | p50 < ${FORMS_TARGETS.submitP50Ms} ms | ${p50 < FORMS_TARGETS.submitP50Ms ? 'met' : '**missed**'} |`,
      `| same, ${CONCURRENCY} in flight: requests per second, p50 / p99 (${jobs.length} submissions) | ${Math.round(perSec)} /s, ${ms(percentile(concurrent, 50))} / ${ms(percentile(concurrent, 99))} | ${ms(concurrentCpuMs, 2)} | ${loadAtConcurrent} | | |`,
      exportRow('CSV', csv),
      exportRow('JSON', json),
      '',
    ].join('\n');
  } finally {
    await db.end();
    if (!stopped) await t.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAlone(benchForms);
