import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../../platform/config/project-root.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
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

describe('a crash of the platform after CRM writes were accepted', () => {
  let database: { url: string; drop(): Promise<void> };
  let child: ChildProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
  });

  it('should lose no accepted write: every 202 commits after SIGKILL and restart', async () => {
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
      JOBS_PROCESS_EVERY_MS: '200',
    };
    child = startChild(env, output);
    await eventually(async () => (await fetch(url + '/healthz').catch(() => null))?.ok, 30_000, 100);
    const post = (body: unknown) =>
      fetch(url + '/crm/contacts', {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // Hold every commit back: the workers block on the contacts table while the test holds this lock.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table crm.contacts in exclusive mode');
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const accepted: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await post({ email: `crash${i}@example.com`, name: `Crash ${i}` });
        if (res.status !== 202) throw new Error(`${res.status} ${await res.text()}\n${output.join('').slice(-3000)}`);
        accepted.push(((await res.json()) as { data: { externalId: string } }).data.externalId);
      }
      const pending = await db.query("select count(*)::int as n from crm.pending_writes where status = 'ACCEPTED'");
      expect(pending.rows[0].n).toBe(20);

      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      await blocker.query('rollback');
      expect((await db.query('select count(*)::int as n from crm.contacts')).rows[0].n).toBe(0);

      child = startChild(env, output);
      await eventually(async () => (await fetch(url + '/healthz').catch(() => null))?.ok, 30_000, 100);
      // The jobs the killed worker held are gone with it; the write sweeper commits what they left ACCEPTED.
      await eventually(
        async () => (await db.query('select count(*)::int as n from crm.contacts')).rows[0].n === 20,
        60_000,
        200,
      ).catch((error) => {
        throw new Error(`${(error as Error).message}\n${output.join('').slice(-3000)}`);
      });
      for (const ext of accepted) {
        const res = await fetch(`${url}/crm/contacts/${ext}`, { headers: { authorization: `Bearer ${apiKey}` } });
        expect(res.status).toBe(200);
      }
      expect(
        (await db.query("select count(*)::int as n from crm.pending_writes where status = 'COMMITTED'")).rows[0].n,
      ).toBe(20);
    } finally {
      await blocker.end().catch(() => undefined);
      await db.end();
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
  }, 120_000);
});
