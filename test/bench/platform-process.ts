// The one-process platform as a benchmark's system under test, started in a process of its own (platform-server.ts,
// NODE_ENV=production) so the load generator in the parent does not share its event loop. Shared by module sections.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Auth } from '../../platform/auth/auth.js';
import type { ChildCpuUsage, ChildDone, ChildReady, ParentCommand } from './protocol.js';
import { exited, nextMessage } from './child-process.js';

const here = dirname(fileURLToPath(import.meta.url));

export interface PlatformProcessOptions {
  /** The database the platform migrates and serves (e.g. createTestDatabase().url). */
  databaseUrl: string;
  /** Enterprise organizations `bench-0` … `bench-<n-1>`, one SERVER key each. Default 1. */
  organizations?: number;
  /** Another build's dist whose platform this build's platform-server.js runs (a baseline); default this build's. */
  dist?: string;
  /** Extra Node flags for the platform process, e.g. `--cpu-prof`. */
  execArgv?: string[];
  /** The platform's INTERNAL_SECRET (to sign the caller context for a subgraph served alone); random by default. */
  internalSecret?: string;
  /** Extra environment of the platform process, e.g. OTEL_EXPORTER_OTLP_ENDPOINT (read by the tracing --import module). */
  env?: Record<string, string>;
}

export interface PlatformProcess {
  url: string;
  /** One SERVER key per organization, `keys[i]` of `bench-<i>`. */
  keys: string[];
  /** What each key authenticates as (`auths[i]` of `keys[i]`). */
  auths: Auth[];
  postgres: string;
  /** The inbound SMTP listener's port. */
  smtpPort?: number;
  pid: number;
  /** One JSON request with a key; the body parsed when it is JSON. */
  request(
    method: string,
    path: string,
    options: { key: string; body?: unknown },
  ): Promise<{ status: number; body: any; text: string }>;
  /** Lets running jobs finish and takes no new ones: queued jobs (deliveries) wait until `resumeJobs`. */
  pauseJobs(): Promise<void>;
  resumeJobs(): Promise<void>;
  /** The process's CPU time so far (user + system, every thread), in milliseconds with microsecond resolution. */
  cpuMs(): Promise<number>;
  /** Stops the platform and waits for the process to exit (a `--cpu-prof` profile is written then; killed after 10 s). */
  stop(): Promise<void>;
}

export async function startPlatformProcess(options: PlatformProcessOptions): Promise<PlatformProcess> {
  const child = fork(join(here, 'platform-server.js'), [], {
    env: {
      ...process.env,
      // graphql-js and Apollo Server take their production paths only under NODE_ENV=production, as a deployment would.
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      BENCH_DATABASE_URL: options.databaseUrl,
      BENCH_INTERNAL_SECRET: options.internalSecret ?? randomBytes(32).toString('hex'),
      BENCH_ORGS: String(options.organizations ?? 1),
      ...(options.dist ? { BENCH_PLATFORM_DIST: options.dist } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
  });
  const ready = await nextMessage<ChildReady>(child);
  const command = async (type: 'pause-jobs' | 'resume-jobs') => {
    const done = nextMessage<ChildDone>(child);
    child.send({ type } satisfies ParentCommand);
    if ((await done).command !== type) throw new Error(`the platform process answered ${type} with something else`);
  };
  return {
    url: ready.url,
    keys: ready.keys,
    auths: ready.auths,
    postgres: ready.postgres,
    smtpPort: ready.smtpPort,
    pid: child.pid!,
    async request(method, path, { key, body }) {
      const res = await fetch(ready.url + path, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, body: parsed, text };
    },
    pauseJobs: () => command('pause-jobs'),
    resumeJobs: () => command('resume-jobs'),
    async cpuMs() {
      const answer = nextMessage<ChildCpuUsage>(child);
      child.send({ type: 'cpu-usage' } satisfies ParentCommand);
      const { user, system } = await answer;
      return (user + system) / 1000;
    },
    async stop() {
      if (child.connected) child.send({ type: 'stop' } satisfies ParentCommand);
      await exited(child);
    },
  };
}
