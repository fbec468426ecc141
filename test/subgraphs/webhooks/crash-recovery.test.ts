import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { verify } from '@octokit/webhooks-methods';
import { projectRoot } from '../../../platform/config/project-root.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { freePort } from '../../helpers/free-port.js';

/** `node dist/gateway/main.js`: the platform as it runs in production, in its own process. */
function startChild(env: Record<string, string>, output: string[]): ChildProcess {
  const { NODE_OPTIONS: _jestOnly, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(projectRoot(), 'dist', 'gateway', 'main.js')], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return child;
}

async function ready(url: string) {
  await eventually(async () => (await fetch(url + '/healthz').catch(() => null))?.ok, 30_000, 100);
}

describe('a crash of the platform process', () => {
  let database: { url: string; drop(): Promise<void> };
  let receiver: Receiver;
  let child: ChildProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver(() => ({ status: 500, body: 'receiver down' }));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await receiver.close();
    await database.drop();
  });

  it('should lose no event: each arrives at least once, with its id, after SIGKILL and restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const apiKey = 'sk_srv_' + randomBytes(24).toString('hex');
    const env = {
      DATABASE_URL: database.url,
      PORT: String(port),
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BOOTSTRAP_API_KEY: apiKey,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOBS_PROCESS_EVERY_MS: '200',
      EVENTS_SWEEP_MS: '1000',
      // 1 min of schedule per second; attempt jobs locked by the killed process are free again after 2 × 2 s + 5 s.
      WEBHOOK_RETRY_SPEEDUP: '60',
      WEBHOOK_TIMEOUT_MS: '2000',
      // No ENCRYPTION_KEY: the generated key must survive the restart, or the secret could not be opened to sign.
    };
    child = startChild(env, output);
    await ready(url);
    const created = await fetch(url + '/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['form.submitted'], active: true }),
    }).then((r) => r.json() as Promise<{ data: { secret: string } }>);
    const secret = created.data.secret;

    // Raise events as a module's transaction would (outbox row + NOTIFY), before, across and after the kill.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const organizationId = (await db.query("select id from platform.organizations where slug = 'default'")).rows[0]
      .id as string;
    const raised: string[] = [];
    const raise = async () => {
      const id = `evt_crash_${String(raised.length).padStart(4, '0')}`;
      await db.query(
        "insert into platform.events (id, organization_id, type, data, created_at) values ($1, $2, 'form.submitted', $3, now())",
        [id, organizationId, { formId: 7, submissionId: id, fields: {} }],
      );
      await db.query("select pg_notify('platform_events', $1)", [organizationId]);
      raised.push(id);
    };
    try {
      for (let i = 0; i < 40; i++) {
        await raise();
        await new Promise((r) => setTimeout(r, 15));
      }
      await receiver.waitFor((rs) => rs.length >= 10); // first attempts are failing
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      for (let i = 0; i < 10; i++) await raise(); // raised while no process runs

      receiver.respond(() => 200);
      const recoveredAt = Date.now();
      child = startChild(env, output);
      await ready(url);
      for (let i = 0; i < 10; i++) await raise();

      const answered = () =>
        new Set(receiver.requests.filter((r) => r.receivedAt >= recoveredAt).map((r) => r.json?.id as string));
      await eventually(async () => raised.every((id) => answered().has(id)), 60_000, 200).catch((error) => {
        const missing = raised.filter((id) => !answered().has(id));
        throw new Error(
          `${(error as Error).message}: ${missing.length} of ${raised.length} events never answered 200 (${missing.slice(0, 5).join(', ')})\n${output.join('').slice(-3000)}`,
        );
      });

      // Every POST is one of the raised events, correctly signed with the secret that survived the restart.
      for (const request of receiver.requests) {
        expect(raised).toContain(request.json.id);
        expect(request.json).toEqual({
          id: request.json.id,
          type: 'form.submitted',
          timestamp: expect.any(String),
          data: { formId: 7, submissionId: request.json.id, fields: {} },
        });
        expect(await verify(secret, request.body, request.headers['x-service-signature'] as string)).toBe(true);
      }
      // One delivery per event, never two, each recorded as SUCCESS (the record commits just after the 200).
      const counts = async () =>
        (
          await db.query(
            "select count(*)::int as n, count(*) filter (where status = 'SUCCESS')::int as ok from webhooks.deliveries",
          )
        ).rows[0];
      await eventually(async () => (await counts()).ok === raised.length, 10_000);
      expect(await counts()).toEqual({ n: raised.length, ok: raised.length });
    } finally {
      await db.end();
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
  }, 120_000);
});
