// Auth section of `npm run bench` (a report, never a test): session verifications per second on the fast path
// (POST /auth/sessions/verify served in-process with the session cache) against the same verification through
// /graphql → gateway → subgraph, and sign-in latency with argon2id. The platform runs in its own process
// (platform-server.ts) so autocannon does not share its event loop. Alone: `node dist/test/bench/auth.bench.js`.
import 'reflect-metadata';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { projectRoot } from '../../platform/config/project-root.js';
import { ARGON2_PARAMS } from '../../subgraphs/auth/passwords/password-hasher.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { machineBusyPercent, percentile, processCpuMs } from './load.js';
import { startPlatformProcess, type PlatformProcess } from './platform-process.js';
import { writeSection } from './report.js';

/** The target on this machine. */
export const AUTH_TARGETS = { verificationsPerSec: 3000 } as const;

const CONNECTIONS = 32;
const WARMUP_SEC = 3;
const DURATION_SEC = 10;
const GRAPHQL_DURATION_SEC = 5;
const SIGN_INS = 30;
/** Verification counts as a read: Enterprise allows 2,000 reads/s per organization, so the load spreads over four. */
const ORGANIZATIONS = 4;
const PASSWORD = 'bench passphrase 2026';

const log = (line: string) => process.stderr.write(`[bench:auth] ${line}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

interface Run {
  requestsPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest: number;
}

/** Measures the auth module and returns a Markdown section for BENCHMARKS.md. */
export async function benchAuth(): Promise<string> {
  const database = await createTestDatabase();
  const busyAtStart = await machineBusyPercent(2000);
  let platform: PlatformProcess | undefined;
  try {
    platform = await startPlatformProcess({ databaseUrl: database.url, organizations: ORGANIZATIONS });
    const ready = platform;
    const call = (key: string, method: string, path: string, body?: unknown) =>
      ready.request(method, path, { key, body });

    log(`creating ${CONNECTIONS} users and sessions over ${ORGANIZATIONS} organizations`);
    const sessions: { key: string; token: string }[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const key = ready.keys[i % ready.keys.length]!;
      const created = await call(key, 'POST', '/auth/users', {
        email: `bench${i}@example.com`,
        password: PASSWORD,
        emailVerified: true,
      });
      if (created.status !== 201) throw new Error(`user not created: ${JSON.stringify(created.body)}`);
      const signedIn = await call(key, 'POST', '/auth/sign-in', { email: `bench${i}@example.com`, password: PASSWORD });
      sessions.push({ key, token: signedIn.body.data.token });
    }

    log(`sign-in latency: ${SIGN_INS} sequential sign-ins after 5 warm-ups`);
    const signInMs: number[] = [];
    for (let i = 0; i < SIGN_INS + 5; i++) {
      const started = performance.now();
      const res = await call(sessions[0]!.key, 'POST', '/auth/sign-in', {
        email: 'bench0@example.com',
        password: PASSWORD,
      });
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      if (i >= 5) signInMs.push(performance.now() - started);
    }
    signInMs.sort((a, b) => a - b);

    const verifyBody = (token: string) => JSON.stringify({ token });
    const gqlBody = (token: string) =>
      JSON.stringify({
        query:
          'mutation VerifyAuthSession($token: String!) { verifyAuthSession(token: $token) { valid session { id userId } user { id status } } }',
        operationName: 'VerifyAuthSession',
        variables: { token },
      });
    const load = async (
      path: string,
      body: (token: string) => string,
      durationSec: number,
      warmupSec: number,
    ): Promise<Run> => {
      const run = (duration: number) => {
        let next = 0;
        return autocannon({
          url: ready.url + path,
          method: 'POST',
          connections: CONNECTIONS,
          duration,
          setupClient: (client) => {
            const s = sessions[next++ % sessions.length]!;
            client.setHeaders({ authorization: `Bearer ${s.key}`, 'content-type': 'application/json' });
            client.setBody(body(s.token));
          },
        });
      };
      if (warmupSec > 0) await run(warmupSec);
      const before = processCpuMs(ready.pid);
      const result = await run(durationSec);
      const cpu = processCpuMs(ready.pid) - before;
      return {
        requestsPerSec: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        cpuMsPerRequest: cpu / result.requests.total,
      };
    };
    log(`fast path: ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s at c=${CONNECTIONS}`);
    const fast = await load('/auth/sessions/verify', verifyBody, DURATION_SEC, WARMUP_SEC);
    log(`/graphql path: 2 s warm-up + ${GRAPHQL_DURATION_SEC} s at c=${CONNECTIONS}`);
    const graphql = await load('/graphql', gqlBody, GRAPHQL_DURATION_SEC, 2);

    const cpu = cpus();
    const row = (label: string, path: string, r: Run) =>
      `| ${label} | ${path} | ${Math.round(r.requestsPerSec).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx + r.errors} | ${ms(r.cpuMsPerRequest)} |`;
    const met = fast.requestsPerSec >= AUTH_TARGETS.verificationsPerSec && fast.non2xx + fast.errors === 0;
    return [
      '## Auth: session verification and sign-in',
      '',
      `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench\` (or \`node dist/test/bench/auth.bench.js\` alone). Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}); Node ${process.version}, NODE_ENV=production in the platform process. The machine was ${Math.round(busyAtStart)}% busy in the 2 s before the run; autocannon, the platform process and PostgreSQL share the cores.`,
      '',
      `Load: autocannon, ${CONNECTIONS} connections, each verifying its own session token (${CONNECTIONS} sessions over ${ORGANIZATIONS} Enterprise organizations; a verification counts as a read, 2,000/s per organization on Enterprise).`,
      '',
      '| target | path | req/s | p50 | p99 | non-2xx / errors | server CPU / request |',
      '|---|---|---:|---:|---:|---:|---:|',
      row(
        'fast path',
        'POST /auth/sessions/verify: runner → key + rate limit → session cache (TTL 5 s, revocations by NOTIFY)',
        fast,
      ),
      row('GraphQL', 'POST /graphql verifyAuthSession → gateway → auth subgraph (same cache)', graphql),
      '',
      `- Fast path / GraphQL: **${(fast.requestsPerSec / graphql.requestsPerSec).toFixed(1)}×** the throughput.`,
      `- Target "at least ${AUTH_TARGETS.verificationsPerSec.toLocaleString('en-US')} verifications/s": **${met ? 'met' : 'not met'}** (${Math.round(fast.requestsPerSec).toLocaleString('en-US')}/s).`,
      `- Sign-in (POST /auth/sign-in, email + password, one argon2id verification by the native argon2 addon on the thread pool: m = ${ARGON2_PARAMS.memorySize} KiB, t = ${ARGON2_PARAMS.iterations}, p = ${ARGON2_PARAMS.parallelism}, 32-byte hash; OWASP's baseline), ${SIGN_INS} sequential: p50 **${ms(percentile(signInMs, 50))}**, p99 ${ms(percentile(signInMs, 99))}.`,
    ].join('\n');
  } finally {
    await platform?.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchAuth()
    .then((section) => {
      process.stdout.write(`\n${section}\n`);
      writeSection(join(projectRoot(), 'BENCHMARKS.md'), 'auth', section);
      process.exit(0);
    })
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
