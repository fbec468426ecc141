// The AI gateway's CPU per request in the platform process, for each kind of request the benchmark measures (chat,
// chat streamed, embeddings, responses, responses streamed), optionally beside another build (a baseline) in the
// same run: a figure that moves far less with the shared machine's load than latency does. A report, never a test.
//
//   node dist/test/bench/ai-gateway-cpu.js [--baseline <another build's dist>] [--rounds 7] [--requests 300] [--profile]
//
// Each build is a platform process of its own (NODE_ENV=production, a database each) in front of the same loopback
// mock provider. After a JIT warm-up, every round sends `--requests` sequential requests of each kind to each build,
// in blocks of 25 alternating between the builds, and reads the platform's process.cpuUsage() around each block: user +
// system CPU of every thread (GC helpers and the usage log's batched insert included), microsecond resolution.
// `--profile` runs this build's platform under `node --cpu-prof` and prints where each kind's time went.
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../helpers/test-database.js';
import { startPlatformProcess, type PlatformProcess } from './platform-process.js';
import { exited, nextMessage } from './child-process.js';
import type { ParentCommand } from './protocol.js';
import { renderProfile, summarizeProfile, type CpuProfile } from './profile-summary.js';

const here = dirname(fileURLToPath(import.meta.url));
const argument = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const BASELINE = argument('--baseline');
const ROUNDS = Number(argument('--rounds') ?? 7);
const REQUESTS = Number(argument('--requests') ?? 300);
const PROFILE = process.argv.includes('--profile');
const WARMUP = 600;
const BLOCK = 25;
/** Requests of each kind in the profile's own stretch. */
const PROFILED = 2_000;
const WARMUP_CONCURRENCY = 8;
const log = (line: string) => process.stderr.write(`[bench:ai-gateway-cpu] ${line}\n`);

interface Kind {
  name: string;
  path: string;
  body: string;
}

const messages = [{ role: 'user', content: 'Hello' }];
const KINDS: Kind[] = [
  { name: 'chat', path: '/ai/v1/chat/completions', body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages }) },
  {
    name: 'chat, streamed',
    path: '/ai/v1/chat/completions',
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages, stream: true }),
  },
  {
    name: 'embeddings (1,536 floats)',
    path: '/ai/v1/embeddings',
    body: JSON.stringify({ model: 'openai/text-embedding-3-small', input: 'Hello' }),
  },
  {
    name: 'responses',
    path: '/ai/v1/responses',
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello', store: false }),
  },
  {
    name: 'responses, streamed',
    path: '/ai/v1/responses',
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello', store: false, stream: true }),
  },
];

interface Build {
  label: string;
  platform: PlatformProcess;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  headers: Record<string, string>;
  agent: Agent;
}

async function startBuild(
  label: string,
  mockUrl: string,
  dist: string | undefined,
  execArgv: string[],
): Promise<Build> {
  const database = await createTestDatabase();
  const platform = await startPlatformProcess({ databaseUrl: database.url, dist, execArgv });
  const server = { authorization: `Bearer ${platform.keys[0]}`, 'content-type': 'application/json' };
  const created = (await fetch(`${platform.url}/ai/v1/keys`, {
    method: 'POST',
    headers: server,
    body: '{"name":"cpu"}',
  }).then((r) => r.json())) as { key: string };
  const configured = await fetch(`${platform.url}/ai/v1/providers/openai`, {
    method: 'PUT',
    headers: server,
    body: JSON.stringify({ apiKey: 'sk-bench', baseUrl: `${mockUrl}/v1` }),
  });
  if (!created.key || configured.status !== 200) throw new Error(`${label}: AI gateway set-up failed`);
  // no-cache: every request reaches the mock (a cache hit would not measure the proxy).
  const headers = {
    authorization: `Bearer ${created.key}`,
    'content-type': 'application/json',
    'x-cache-control': 'no-cache',
  };
  return { label, platform, database, headers, agent: new Agent({ keepAlive: true, maxSockets: WARMUP_CONCURRENCY }) };
}

/** One request, its whole answer read; throws on anything but 200. */
function send(build: Build, kind: Kind): Promise<void> {
  return new Promise((done, fail) => {
    const req = request(
      `${build.platform.url}${kind.path}`,
      {
        method: 'POST',
        agent: build.agent,
        headers: { ...build.headers, 'content-length': String(Buffer.byteLength(kind.body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? done() : fail(new Error(`${build.label} ${kind.name}: HTTP ${res.statusCode}`)),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(kind.body);
  });
}

async function warmUp(build: Build, kind: Kind) {
  let left = WARMUP;
  await Promise.all(
    Array.from({ length: WARMUP_CONCURRENCY }, async () => {
      while (left-- > 0) await send(build, kind);
    }),
  );
}

/** Platform CPU milliseconds of `count` sequential requests. */
async function cpuOf(build: Build, kind: Kind, count: number): Promise<number> {
  const before = await build.platform.cpuMs();
  for (let i = 0; i < count; i++) await send(build, kind);
  return (await build.platform.cpuMs()) - before;
}

/**
 * One round of a kind: REQUESTS per build in blocks of BLOCK, the builds alternating block by block, so a change in
 * the machine's load within the round falls on both alike. Milliseconds of CPU per request of each build.
 */
async function round(builds: Build[], kind: Kind, first: number): Promise<number[]> {
  const totals = builds.map(() => 0);
  for (let done = 0; done < REQUESTS; done += BLOCK) {
    for (let j = 0; j < builds.length; j++) {
      const b = (first + j) % builds.length;
      totals[b]! += await cpuOf(builds[b]!, kind, Math.min(BLOCK, REQUESTS - done));
    }
  }
  return totals.map((total) => total / REQUESTS);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const µs = (ms: number) => `${Math.round(ms * 1000)} µs`;

async function main() {
  const loadAtStart = loadavg()[0]!;
  const profileDir = join(tmpdir(), `bench-ai-gateway-cpu-${Date.now()}`);
  if (PROFILE) mkdirSync(profileDir, { recursive: true });
  let mock: ChildProcess | undefined;
  const builds: Build[] = [];
  try {
    mock = fork(join(here, 'ai-mock-provider.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const mockUrl = (await nextMessage<{ url: string }>(mock)).url;
    builds.push(
      await startBuild('this build', mockUrl, undefined, PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    );
    if (BASELINE) builds.push(await startBuild(`baseline (${BASELINE})`, mockUrl, resolve(BASELINE), []));
    log(`warm-up: ${WARMUP} requests of each kind per build at c=${WARMUP_CONCURRENCY}`);
    for (const kind of KINDS) for (const build of builds) await warmUp(build, kind);
    log(`${ROUNDS} rounds × ${REQUESTS} sequential requests per kind and build, builds alternating`);
    const figures = builds.map(() => KINDS.map((): number[] => []));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [k, kind] of KINDS.entries()) {
        const perRequest = await round(builds, kind, r % builds.length);
        perRequest.forEach((ms, b) => figures[b]![k]!.push(ms));
      }
    }
    const lines = [
      `# AI gateway: platform CPU per request (${new Date().toISOString()}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start)`,
      '',
      `Median of ${ROUNDS} rounds × ${REQUESTS} sequential requests per build, the builds alternating every ${BLOCK} (min–max of the rounds in brackets);`,
      "the ratio is the median of the rounds' own ratios, each of two builds measured under the same load.",
      '',
      `| kind | ${builds.map((b) => b.label).join(' | ')} |${builds.length > 1 ? ' this ÷ baseline (min–max of the rounds) |' : ''}`,
      `|---|${builds.map(() => '---:|').join('')}${builds.length > 1 ? '---:|' : ''}`,
      ...KINDS.map((kind, k) => {
        const cells = figures.map((f) => `${µs(median(f[k]!))} (${µs(Math.min(...f[k]!))}–${µs(Math.max(...f[k]!))})`);
        const ratios = builds.length > 1 ? figures[0]![k]!.map((ms, r) => ms / figures[1]![k]![r]!) : [];
        const ratio =
          builds.length > 1
            ? ` ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) |`
            : '';
        return `| ${kind.name} | ${cells.join(' | ')} |${ratio}`;
      }),
    ];
    if (PROFILE) {
      // One stretch of each kind after the rounds, so each kind's profile is a window of its own.
      const windows: { fromUs: number; toUs: number }[] = [];
      for (const kind of KINDS) {
        const fromUs = Number(process.hrtime.bigint() / 1000n);
        for (let i = 0; i < PROFILED; i++) await send(builds[0]!, kind);
        windows.push({ fromUs, toUs: Number(process.hrtime.bigint() / 1000n) });
      }
      await builds[0]!.platform.stop();
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!;
      const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
      lines.push('', `Raw profile: ${join(profileDir, file)}`);
      for (const [k, kind] of KINDS.entries()) {
        lines.push(
          '',
          `## ${kind.name}: this build, ${PROFILED} sequential requests`,
          '',
          `Window ${windows[k]!.fromUs}–${windows[k]!.toUs} µs (monotonic clock).`,
          '',
          renderProfile(summarizeProfile(profile, windows[k]), PROFILED),
        );
      }
    }
    for (const build of builds) build.agent.destroy();
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    if (mock?.connected) mock.send({ type: 'stop' } satisfies ParentCommand);
    await Promise.all([...builds.map((b) => b.platform.stop()), exited(mock)]);
    for (const build of builds) await build.database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
