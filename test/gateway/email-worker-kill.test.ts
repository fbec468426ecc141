import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { createTestDatabase } from '../helpers/test-database.js';
import { freePort } from '../helpers/free-port.js';
import { eventually } from '../helpers/test-platform.js';
import { entryOf, startChild, type PlatformChild } from './helpers/split-topology.js';

/**
 * A relay that can hold every message at the end of DATA without answering: the sending worker is then mid-job,
 * the message not yet accepted (no 250). Counts what it accepted by our message id (the Message-ID's local part).
 */
class HoldingRelay {
  readonly accepted: string[] = [];
  private readonly held = new Map<string, string[]>(); // session id → message ids waiting for an answer
  private holding = true;
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? 'unknown';
        if (!this.holding) {
          this.accepted.push(id);
          return callback();
        }
        this.held.set(session.id, [...(this.held.get(session.id) ?? []), id]); // never answered: the sender dies first
      });
    },
    onClose: (session) => void this.held.delete(session.id),
  });

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }
  heldCount(): number {
    return [...this.held.values()].reduce((n, ids) => n + ids.length, 0);
  }
  hold(): void {
    this.holding = true;
  }
  /** Accepts from now on; held messages stay unanswered (their sender is killed). */
  accept(): void {
    this.holding = false;
  }
  timesAccepted(id: string): number {
    return this.accepted.filter((a) => a === id).length;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * An email worker killed with SIGKILL in the middle of sending loses nothing and sends nothing twice. The
 * messages it was sending (held by the relay, never accepted) are sent once by the other worker as soon as the dead
 * worker's database session is gone, or by its own restart; a message stayed QUEUED before (the reclaimed job had no
 * next run time).
 */
describe('an email worker killed mid-send', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  const relay = new HoldingRelay();
  const key = `sk_kill_${randomBytes(16).toString('hex')}`;
  const ports: Record<string, number> = {};
  const children = new Map<string, PlatformChild>();
  let env: Record<string, string>;
  let gateway: string;

  const startWorker = async (name: 'email' | 'email2') => {
    children.set(
      name,
      await startChild(name, entryOf('email'), ports[name]!, { ...env, SUBGRAPH_PORT: String(ports[name]) }),
    );
  };
  const send = async (subject: string): Promise<string> => {
    const res = await fetch(`${gateway}/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'ops@example.com', to: 'ada@example.com', subject, html: '<p>x</p>' }),
    });
    const body = (await res.json()) as { data: { messageId: string } };
    expect(res.status).toBe(200); // accepted: queued, sent by a worker
    return body.data.messageId;
  };
  /** From the database: the gateway's email URL may be the killed worker's. */
  const delivered = async (ids: string[]): Promise<number> => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from email.messages where id = any($1) and status = 'DELIVERED'`,
      [ids],
    );
    return rows[0]!.n;
  };
  /** Sends `count` messages and waits until all of them are mid-send (held by the relay) in the running worker. */
  const sendAndHold = async (count: number, label: string): Promise<string[]> => {
    relay.hold();
    const ids = await Promise.all(Array.from({ length: count }, (_, i) => send(`${label} ${i}`)));
    await eventually(async () => relay.heldCount() === count, 30_000);
    return ids;
  };
  const expectSentOnce = async (ids: string[]) => {
    await eventually(async () => (await delivered(ids)) === ids.length, 30_000);
    for (const id of ids) expect([id, relay.timesAccepted(id)]).toEqual([id, 1]);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const smtpPort = await relay.listen();
    for (const name of ['gateway', 'email', 'email2']) ports[name] = await freePort();
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_API_KEY: key,
      // Both workers take sends from the gateway's one URL; email2 is a second worker on the same job store.
      SUBGRAPH_URLS: `email=http://127.0.0.1:${ports.email}/graphql`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_POOL_SIZE: '10',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      JOBS_PROCESS_EVERY_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '2000',
    };
    children.set(
      'gateway',
      await startChild('gateway', entryOf('gateway'), ports.gateway!, { ...env, PORT: String(ports.gateway) }),
    );
    gateway = `http://127.0.0.1:${ports.gateway}`;
    await startWorker('email');
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...children.values()].map((c) => c.stop().catch(() => undefined)));
    await relay.close();
    await db?.end();
    await database?.drop();
  }, 60_000);

  it('should have the other worker send once each message the killed worker was sending', async () => {
    const ids = await sendAndHold(5, 'taken over');
    await startWorker('email2'); // alive beside the sending worker: it must not take a live worker's jobs
    expect(relay.heldCount()).toBe(5);
    relay.accept();
    await children.get('email')!.kill();
    await expectSentOnce(ids);
  }, 120_000);

  it('should have a restart of the killed worker in the same slot send once each message it was sending', async () => {
    // One worker, the one the gateway sends through.
    await startWorker('email');
    await children.get('email2')!.stop();
    const ids = await sendAndHold(5, 'restarted');
    relay.accept();
    await children.get('email')!.kill();
    await startWorker('email');
    await expectSentOnce(ids);
  }, 120_000);
});
