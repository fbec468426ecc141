// `npm run bench`: REST through bridge + gateway vs the same named operation straight to the email subgraph
// (served by serveSubgraph in its own process) vs the same operation on the platform's /graphql. A report, never a test.
// Then each module's section (SECTIONS); `npm run bench -- --only sms,forms` runs only those.
// `npm run bench -- --profile` (or BENCH_PROFILE=1) is a diagnostic run instead: both server processes start under
// `node --cpu-prof`, each target gets 10 s of load, and the report says where each process spent its CPU; the
// profile adds the cross-module query on /graphql (cross-module-fixtures.ts) as a fourth target.
// `BENCH_READ_PATH=write npm run bench -- --only read-path --profile` profiles POST /emails instead (write-profile.ts).
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { benchWebhooks } from './webhooks.bench.js';
import { benchSms } from './sms.bench.js';
import { benchForms } from './forms.bench.js';
import { benchAiGateway } from './ai-gateway.bench.js';
import { benchAuth } from './auth.bench.js';
import { benchCrm } from './crm.bench.js';
import { benchCalendar } from './calendar.bench.js';
import { benchMailboxes } from './mailboxes.bench.js';
import { benchDns } from './dns.bench.js';
import { benchSupport } from './support.bench.js';
import { benchTracing } from './tracing.bench.js';
import { benchReadPath } from './read-path.bench.js';
import { benchStall } from './stall.bench.js';
import { profileWritePath } from './write-profile.js';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { signCallerContext, SIGNED_CONTEXT_HEADER } from '../../platform/auth/signed-context.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { seedMessages, startEmailSubgraph } from './email-fixtures.js';
import { CROSS_MODULE_BODY, seedContactActivity } from './cross-module-fixtures.js';
import { exited, nextMessage } from './child-process.js';
import { fetchOnce, loadTest, machineBusyPercent, sequentialLatency, type LoadResult, type Target } from './load.js';
import { renderProfile, summarizeProfile, type CpuProfile, type Window } from './profile-summary.js';
import type { ChildReady, ParentCommand } from './protocol.js';
import { renderReport, writeSection, type Measured, type RunInfo } from './report.js';

const CONNECTIONS = 32;
const DURATION_SEC = 10;
const WARMUP_SEC = 3;
const SEQUENTIAL = 200;
const SEQUENTIAL_WARMUP = 50;
const MESSAGES = 200;
/** Enterprise allows 1,000 general (POST /graphql) and 2,000 read requests per second per organization. */
const ORGANIZATIONS = 4;
/** Profile only: organizations of the cross-module query, apart (its bookings' notices would join the list). */
const CROSS_ORGS = 4;
const PROFILE = process.argv.includes('--profile') || process.env.BENCH_PROFILE === '1';
/** graphql-js and Apollo Server take their production code paths only under NODE_ENV=production (graphql's instanceOf alone is ~5% of a subgraph's CPU otherwise). */
const NODE_ENV = process.env.NODE_ENV ?? 'production';
/** Interleaved rounds of the c=32 runs (a, b, c, a, b, c, ...); each target reports its median round by req/s. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '1') || 1);

const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** Module sections, each a self-contained run on its own database; the key names its BENCHMARKS.md section. */
const SECTIONS: Record<string, () => Promise<string>> = {
  webhooks: benchWebhooks,
  sms: benchSms,
  forms: benchForms,
  'ai-gateway': benchAiGateway,
  auth: benchAuth,
  crm: benchCrm,
  calendar: benchCalendar,
  mailboxes: benchMailboxes,
  'domains-dns': benchDns,
  support: benchSupport,
  tracing: benchTracing,
  'read-path': benchReadPath,
  stall: benchStall,
};
/** `--only rest-bridge,sms` runs those sections alone. */
const ONLY = (() => {
  const at = process.argv.indexOf('--only');
  return at > 0 ? new Set((process.argv[at + 1] ?? '').split(',').filter(Boolean)) : null;
})();

async function main() {
  if (PROFILE && ONLY?.has('read-path') && process.env.BENCH_READ_PATH === 'write') {
    process.stdout.write(`\n${await profileWritePath()}\n`);
    return;
  }
  if (PROFILE || !ONLY || ONLY.has('rest-bridge')) await benchRestBridge();
  if (PROFILE) return;
  for (const [key, section] of Object.entries(SECTIONS)) {
    if (ONLY && !ONLY.has(key)) continue;
    log(`section ${key}`);
    const text = await section();
    process.stdout.write(`\n${text}\n`);
    writeSection(join(projectRoot(), 'BENCHMARKS.md'), key, text);
    log(`BENCHMARKS.md updated (${key})`);
  }
}

/** REST through bridge + gateway vs the email subgraph alone vs /graphql (the `rest-bridge` section, or the profile). */
async function benchRestBridge() {
  const database = await createTestDatabase();
  const secret = randomBytes(32).toString('hex');
  const profileDir = join(process.env.BENCH_PROFILE_DIR ?? tmpdir(), `bench-profile-${Date.now()}`);
  const cpuProf = (name: string) =>
    PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  if (PROFILE) mkdirSync(profileDir, { recursive: true });
  const busyAtStart = await machineBusyPercent(2000);
  let platform: ChildProcess | undefined;
  let subgraph: ChildProcess | undefined;
  try {
    log('starting the one-process platform');
    platform = fork(join(here, 'platform-server.js'), [], {
      env: {
        ...process.env,
        NODE_ENV,
        BENCH_DATABASE_URL: database.url,
        BENCH_INTERNAL_SECRET: secret,
        BENCH_ORGS: String(ORGANIZATIONS + (PROFILE ? CROSS_ORGS : 0)),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...process.execArgv, ...cpuProf('platform')],
    });
    const ready = await nextMessage<ChildReady>(platform);
    const listKeys = ready.keys.slice(0, ORGANIZATIONS);
    const crossKeys = ready.keys.slice(ORGANIZATIONS);

    log(`seeding ${MESSAGES} messages in each of ${ORGANIZATIONS} organizations through POST /emails`);
    await Promise.all(listKeys.map((key) => seedMessages(ready.url, key, MESSAGES)));
    if (PROFILE) {
      log(`seeding a contact with its bookings and form submissions in each of ${CROSS_ORGS} other organizations`);
      await Promise.all(crossKeys.map((key, n) => seedContactActivity(ready.url, key, n)));
    }

    log('starting the email subgraph alone: node dist/subgraphs/email/main.js');
    const started = await startEmailSubgraph({
      databaseUrl: database.url,
      secret,
      nodeEnv: NODE_ENV,
      execArgv: cpuProf('subgraph'),
    });
    subgraph = started.child;

    const operation = readFileSync(
      join(projectRoot(), 'rest-bridge', 'operations', 'email', 'ListEmailMessages.graphql'),
      'utf8',
    );
    const graphqlBody = JSON.stringify({
      query: operation,
      operationName: 'ListEmailMessages',
      variables: { count: 20 },
    });
    const bearer = (i: number) => ({ authorization: `Bearer ${listKeys[i % listKeys.length]}` });
    // Signed per phase (the signature is valid for five minutes), for the same caller the key stands for.
    let signed: string[] = [];
    const resign = () =>
      (signed = ready.auths
        .slice(0, ORGANIZATIONS)
        .map((auth, i) => signCallerContext({ requestId: `req_bench_${i}`, auth }, secret)));
    resign();
    const rest: Target = {
      label: '(a) REST',
      path: 'GET /emails/messages?count=20 → bridge → gateway → subgraph (one process)',
      url: `${ready.url}/emails/messages?count=20`,
      method: 'GET',
      headers: bearer,
    };
    const direct: Target = {
      label: '(b) subgraph',
      path: 'POST ListEmailMessages straight to serveSubgraph (signed header)',
      url: started.url,
      method: 'POST',
      body: graphqlBody,
      headers: (i) => ({ 'content-type': 'application/json', [SIGNED_CONTEXT_HEADER]: signed[i % signed.length]! }),
    };
    const graphql: Target = {
      label: '(c) /graphql',
      path: 'POST ListEmailMessages to the platform /graphql → gateway → subgraph',
      url: `${ready.url}/graphql`,
      method: 'POST',
      body: graphqlBody,
      headers: (i) => ({ 'content-type': 'application/json', ...bearer(i) }),
    };

    await checkSameAnswer(rest, direct, graphql);

    if (PROFILE) {
      const cross: Target = {
        label: '(d) /graphql cross-module',
        path: 'POST ContactActivity to /graphql → gateway plan → crm, then calendar + forms (_entities)',
        url: `${ready.url}/graphql`,
        method: 'POST',
        body: CROSS_MODULE_BODY,
        headers: (i) => ({
          'content-type': 'application/json',
          authorization: `Bearer ${crossKeys[i % crossKeys.length]}`,
        }),
      };
      const probe = await fetchOnce(cross);
      if (probe.status !== 200 || probe.body.errors || probe.body.data?.contact?.bookings?.length !== 5)
        throw new Error(`(d) answered ${probe.status}: ${JSON.stringify(probe.body).slice(0, 500)}`);
      const windows: Window[] = [];
      const loads: LoadResult[] = [];
      const profiled = [rest, direct, graphql, cross];
      for (const target of profiled) {
        resign();
        log(`profiling ${target.label}: ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s at c=${CONNECTIONS}`);
        await loadTest(target, { connections: CONNECTIONS, durationSec: WARMUP_SEC, warmupSec: 0 });
        const fromUs = Number(process.hrtime.bigint() / 1000n);
        loads.push(await loadTest(target, { connections: CONNECTIONS, durationSec: DURATION_SEC, warmupSec: 0 }));
        windows.push({ fromUs, toUs: Number(process.hrtime.bigint() / 1000n) });
      }
      // The profiles are written when the processes exit.
      await stopChildren(platform, subgraph);
      const platformProfile = JSON.parse(readFileSync(join(profileDir, 'platform.cpuprofile'), 'utf8')) as CpuProfile;
      const subgraphProfile = JSON.parse(readFileSync(join(profileDir, 'subgraph.cpuprofile'), 'utf8')) as CpuProfile;
      const sections = profiled.map((target, i) => {
        const [name, profile] = target === direct ? ['subgraph', subgraphProfile] : ['platform', platformProfile];
        return `### ${target.label}: ${target.path}\n\n${Math.round(loads[i]!.requestsPerSec)} req/s while profiled (profiling slows the process); the ${name} process during its ${DURATION_SEC} s.\n\n${renderProfile(summarizeProfile(profile, windows[i]), loads[i]!.total)}\n`;
      });
      const text = `# CPU profiles under load (npm run bench -- --profile)\n\nRaw profiles (open in Chrome DevTools): ${profileDir}\n\n${sections.join('\n')}`;
      writeFileSync(join(profileDir, 'summary.md'), text);
      process.stdout.write(`\n${text}`);
      return;
    }

    const targets = [rest, direct, graphql];
    const rounds: LoadResult[][] = targets.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        resign();
        log(
          `${target.label}${ROUNDS > 1 ? ` (round ${round} of ${ROUNDS})` : ''}: ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s at c=${CONNECTIONS}`,
        );
        const serverPid = target === direct ? subgraph.pid : platform.pid;
        rounds[i]!.push(
          await loadTest(target, {
            connections: CONNECTIONS,
            durationSec: DURATION_SEC,
            warmupSec: WARMUP_SEC,
            serverPid,
          }),
        );
      }
    }
    const measured: Measured[] = targets.map((target, i) => ({
      target,
      load: medianRun(rounds[i]!),
      sequential: { p50: NaN, p99: NaN, samples: 0 },
    }));
    resign();
    log(`sequential: ${SEQUENTIAL} requests per target after ${SEQUENTIAL_WARMUP} warm-ups, interleaved`);
    const sequential = await sequentialLatency([rest, direct, graphql], {
      warmup: SEQUENTIAL_WARMUP,
      count: SEQUENTIAL,
    });
    sequential.forEach((s, i) => (measured[i]!.sequential = s));

    const cpu = cpus();
    const info: RunInfo = {
      date: new Date().toISOString().slice(0, 10),
      command: 'npm run bench',
      machine: `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'})`,
      node: `${process.version}, NODE_ENV=${NODE_ENV} in the server processes`,
      postgres: ready.postgres,
      connections: CONNECTIONS,
      durationSec: DURATION_SEC,
      warmupSec: WARMUP_SEC,
      sequentialCount: SEQUENTIAL,
      sequentialWarmup: SEQUENTIAL_WARMUP,
      messages: MESSAGES,
      organizations: ORGANIZATIONS,
      busyAtStart,
      rounds: ROUNDS,
    };
    const report = renderReport(info, measured[0]!, measured[1]!, measured[2]!);
    process.stdout.write(`\n${report}\n`);
    writeSection(
      join(projectRoot(), 'BENCHMARKS.md'),
      'rest-bridge',
      `## REST bridge + gateway vs the email subgraph (list 20 messages)\n\n${report}`,
    );
    log('BENCHMARKS.md updated (REST bridge)');
  } finally {
    await stopChildren(platform, subgraph);
    await database.drop();
  }
}

/** The round with the median req/s, whole (its latencies and CPU belong to that same run). */
function medianRun(runs: LoadResult[]): LoadResult {
  return [...runs].sort((x, y) => x.requestsPerSec - y.requestsPerSec)[Math.floor((runs.length - 1) / 2)]!;
}

async function stopChildren(platform: ChildProcess | undefined, subgraph: ChildProcess | undefined) {
  if (platform?.connected) platform.send({ type: 'stop' } satisfies ParentCommand);
  if (subgraph && subgraph.exitCode === null && subgraph.signalCode === null) subgraph.kill('SIGTERM');
  await Promise.all([exited(platform), exited(subgraph)]);
}

/** All three targets must do the same work: 20 of the same org's 200 messages, the same fields. */
async function checkSameAnswer(rest: Target, direct: Target, graphql: Target) {
  const [a, b, c] = await Promise.all([fetchOnce(rest), fetchOnce(direct), fetchOnce(graphql)]);
  for (const [target, res] of [
    [rest, a],
    [direct, b],
    [graphql, c],
  ] as const) {
    if (res.status !== 200) throw new Error(`${target.label} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const list = b.body?.data?.emailMessages;
  if (b.body.errors || list?.data?.length !== 20 || list.meta.total !== MESSAGES)
    throw new Error(`(b) did not list 20 of ${MESSAGES}: ${JSON.stringify(b.body).slice(0, 500)}`);
  if (!isDeepStrictEqual(b.body, c.body)) throw new Error('(b) and (c) answered differently');
  if (!isDeepStrictEqual(a.body, { success: true, data: list.data, meta: list.meta }))
    throw new Error(`(a) is not (b) in the REST envelope: ${JSON.stringify(a.body).slice(0, 500)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
