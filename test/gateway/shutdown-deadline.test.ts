import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../platform/config/project-root.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { eventually } from '../helpers/test-platform.js';

/** The real entry point (`node dist/gateway/main.js`) in a child process, its JSON log lines as they come. */
interface Running {
  child: ChildProcess;
  lines: Record<string, any>[];
  exited: Promise<number | null>;
  url: string;
  smtpPort: number;
}

async function startMain(databaseUrl: string, shutdownTimeoutMs: number): Promise<Running> {
  const child = spawn(process.execPath, [join(projectRoot(), 'dist/gateway/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, any>[] = [];
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      for (const line of parts) {
        try {
          lines.push(JSON.parse(line));
        } catch {
          lines.push({ text: line });
        }
      }
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = await eventually(
    async () =>
      lines.find((l) => l.msg === 'platform started') ??
      (child.exitCode !== null ? Promise.reject(new Error(JSON.stringify(lines))) : null),
    120_000,
  );
  const smtp = lines.find((l) => l.msg === 'inbound smtp listening')!;
  return { child, lines, exited, url: started.url, smtpPort: smtp.port };
}

const run = promisify(execFile);

/** A SERVER key made by the keys CLI on the running process's database. */
async function serverKey(databaseUrl: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      join(projectRoot(), 'dist/gateway/platform-api-cli.js'),
      'keys',
      'create',
      '--org',
      `drain-${Date.now()}`,
      '--type',
      'SERVER',
    ],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_OPTIONS: '' } },
  );
  return stdout.trim().split('\n').at(-1)!;
}

/** A request that waits on a table lock the test holds: in flight until the test lets it go. */
async function heldRequest(running: Running, databaseUrl: string) {
  const key = await serverKey(databaseUrl);
  const locker = new pg.Client({ connectionString: databaseUrl });
  locker.on('error', () => undefined); // the database is dropped with (force) after the test
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table email.messages in access exclusive mode');
  const response = fetch(`${running.url}/emails/messages`, { headers: { authorization: `Bearer ${key}` } }).then(
    (r) => r.status,
    (e: Error) => e,
  );
  // In flight for sure: the platform's list query is waiting for the lock.
  await eventually(
    async () =>
      (await locker.query("select 1 from pg_locks where not granted and relation = 'email.messages'::regclass"))
        .rowCount! > 0,
    30_000,
  );
  return { response, release: async () => (await locker.query('rollback'), await locker.end()) };
}

/** SIGTERM drains in-flight work up to SHUTDOWN_TIMEOUT_MS; the process exits by the deadline whatever hangs. */
describe('SIGTERM on the real process (dist/gateway/main.js)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
  });

  it('should let an in-flight request complete, close an idle inbound SMTP session with 421, log "platform stopped" and exit 0', async () => {
    const running = await startMain(database.url, 30_000);
    children.push(running.child);
    // An idle SMTP client: smtp-server's own close waits 30 s for it, past the deadline.
    const smtp = connect(running.smtpPort, '127.0.0.1');
    let smtpSaid = '';
    smtp.on('data', (d) => (smtpSaid += d.toString()));
    const smtpClosed = new Promise((resolve) => smtp.on('close', resolve));
    await eventually(async () => smtpSaid.startsWith('220'));
    const held = await heldRequest(running, database.url);
    running.child.kill('SIGTERM');
    await eventually(async () => running.lines.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'));
    await held.release();
    expect(await held.response).toBe(200); // answered, not cut
    await smtpClosed;
    expect(smtpSaid).toContain('421');
    expect(await running.exited).toBe(0);
    expect(running.lines.map((l) => l.msg)).toContain('platform stopped');
    expect(running.lines.map((l) => l.msg)).not.toContain('shutdown deadline passed; exiting');
  }, 180_000);

  it('should exit with status 1 and say so when a shutdown step still hangs 2 s past SHUTDOWN_TIMEOUT_MS', async () => {
    const running = await startMain(database.url, 1_000);
    children.push(running.child);
    // The request's database query cannot finish while the lock is held, so the pool cannot close either.
    const held = await heldRequest(running, database.url);
    running.child.kill('SIGTERM');
    try {
      expect(await running.exited).toBe(1);
    } finally {
      await held.release();
    }
    expect(running.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'shutdown deadline passed; exiting',
        process: 'platform',
        shutdownTimeoutMs: 1_000,
      }),
    );
    expect(running.lines.map((l) => l.msg)).not.toContain('platform stopped');
    expect(typeof (await held.response)).toBe('object'); // a fetch error: cut at the deadline, never answered
  }, 180_000);
});
