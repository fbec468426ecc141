// Shared by the REST bridge section (run.ts) and the read path section (read-path.bench.ts): the email messages a
// list request reads, and the email subgraph served alone in its own process (the "subgraph" row).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { freePort } from '../helpers/free-port.js';

/** Queues `count` messages through the real API, then waits until the capture transport has delivered them all. */
export async function seedMessages(url: string, key: string, count: number): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      for (;;) {
        const res = await fetch(`${url}/emails`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            from: 'bench@example.com',
            to: [`user${n}@example.com`],
            subject: `Bench message ${n}`,
            html: `<p>Message ${n}</p>`,
            tags: [{ name: 'bench', value: 'list' }],
          }),
        });
        const text = await res.text();
        if (res.status === 429) {
          await sleep(1000 * Number(res.headers.get('retry-after') ?? '1'));
          continue;
        }
        if (res.status !== 200) throw new Error(`seeding: POST /emails answered ${res.status}: ${text}`);
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${url}/emails/messages?status=DELIVERED&count=1`, { headers });
    const body = (await res.json()) as { meta?: { total?: number } };
    if (body.meta?.total === count) return;
    if (Date.now() > deadline)
      throw new Error(`seeding: only ${body.meta?.total} of ${count} messages delivered after 120 s`);
    await sleep(250);
  }
}

/** `node dist/subgraphs/email/main.js` on a free port, healthy; `execArgv` e.g. `--cpu-prof`. */
export async function startEmailSubgraph(options: {
  databaseUrl: string;
  secret: string;
  nodeEnv: string;
  execArgv?: string[];
}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(options.execArgv ?? []), join(projectRoot(), 'dist', 'subgraphs', 'email', 'main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: options.nodeEnv,
        DATABASE_URL: options.databaseUrl,
        INTERNAL_SECRET: options.secret,
        SUBGRAPH_PORT: String(port),
        LOG_LEVEL: 'silent',
        SHUTDOWN_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitHealthy(`http://127.0.0.1:${port}/healthz`, child);
  return { url: `http://127.0.0.1:${port}/graphql`, child };
}

async function waitHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`subgraph process exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} not healthy after 60 s`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
