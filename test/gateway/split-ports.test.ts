import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { hostname } from 'node:os';
import pg from 'pg';
import { dkimVerify } from 'mailauth';
import { createTestDatabase } from '../helpers/test-database.js';
import { freePort } from '../helpers/free-port.js';
import { eventually } from '../helpers/test-platform.js';
import { entryOf, startChild, type PlatformChild } from './helpers/split-topology.js';
import { REGISTRANT } from '../subgraphs/domains/helpers/domain-fixtures.js';
import { LIVENESS_LOCK_SPACE } from '../../platform/jobs/worker-liveness.js';
import { createOrm } from '../../platform/orm/create-orm.js';
import { platformData } from '../../platform/migrations/index.js';
import { ApiKeyService } from '../../platform/organizations/api-key.service.js';

/** The modules whose ports meet across processes: each in a process of its own; the gateway serves the others. */
const SPLIT = ['email', 'mailboxes', 'domains', 'webhooks'] as const;
const P = '/v1/agent-email';
const DOMAIN = 'split-agents.com';

interface Answer {
  status: number;
  body: any;
}

/**
 * The platform's ports in split mode: what one module asks of another reaches it although they run in
 * different processes. DKIM keys made by the mailboxes process are the ones the domains process publishes and the
 * email process signs with; a mailbox deleted in its process takes its webhooks in the webhooks process; the webhooks
 * process refuses a filter naming another organization's mailbox; a mailbox message's delivery, recorded by the email
 * process, reaches the mailboxes process. Every process is started from dist/ as an operator runs it.
 */
describe('split mode: ports across module processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  const key = `sk_ports_${randomBytes(16).toString('hex')}`;
  let otherKey: string;
  const ports: Record<string, number> = {};
  const children = new Map<string, PlatformChild>();
  /** What /healthz answered while the process's job worker waited for its name (held by this test). */
  const whileStarting: Record<string, { status: number; body: unknown }> = {};
  let env: Record<string, string>;
  let gateway: string;
  let dnsPort: number;

  const call = async (method: string, path: string, body?: unknown, as = key): Promise<Answer> => {
    const res = await fetch(gateway + path, {
      method,
      headers: { authorization: `Bearer ${as}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const starting = new Set<Promise<unknown>>();
  const start = async (name: string, entry: string, extra: Record<string, string>) => {
    const child = startChild(name, entry, ports[name]!, { ...env, ...extra });
    starting.add(child);
    try {
      children.set(name, await child);
    } finally {
      starting.delete(child);
    }
  };
  /**
   * Starts a process while this test holds the advisory lock that names its job worker (platform/jobs/worker-liveness.ts):
   * the process listens, then waits for that name, so it is held in its start for as long as the lock is: no timing.
   */
  const startHeld = async (name: string, entry: string, extra: Record<string, string>, workerName: string) => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let started: Promise<void> | undefined;
    try {
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_SPACE, workerName]);
      started = start(name, entry, extra);
      const healthyTooSoon = started.then(() => {
        throw new Error(`${name} was healthy while its job worker could not start`);
      });
      whileStarting[name] = await Promise.race([
        healthyTooSoon,
        eventually(
          () =>
            fetch(`http://127.0.0.1:${ports[name]}/healthz`).then(
              async (r) => ({ status: r.status, body: await r.json() }),
              () => null,
            ),
          60_000,
        ),
      ]);
    } finally {
      await holder.end(); // the lock goes with the session: the worker takes its name and the start completes
    }
    await started;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    for (const name of ['gateway', ...SPLIT]) ports[name] = await freePort();
    dnsPort = await freePort();
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_API_KEY: key,
      SUBGRAPH_URLS: SPLIT.map((m) => `${m}=http://127.0.0.1:${ports[m]}/graphql`).join(','),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DNS_PORT: '0',
      // The mailboxes process verifies custom domains against the domains process's authoritative DNS server.
      DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      // One SPF include for both modules, so the domains' SERVICE_EMAIL preset is all a mailbox domain needs.
      DOMAINS_SPF_INCLUDE: '_spf.agents.localhost',
      MAILBOX_SPF_INCLUDE: '_spf.agents.localhost',
      SMTP_INBOUND_PORT: '0',
      JOBS_PROCESS_EVERY_MS: '200',
      EVENTS_SWEEP_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '2000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    // The gateway first: it migrates every module and creates the default organization.
    await startHeld('gateway', entryOf('gateway'), { PORT: String(ports.gateway) }, `${hostname()}:${ports.gateway}`);
    gateway = `http://127.0.0.1:${ports.gateway}`;
    await Promise.all(
      SPLIT.map((m) => {
        const extra = { SUBGRAPH_PORT: String(ports[m]), ...(m === 'domains' ? { DNS_PORT: String(dnsPort) } : {}) };
        return m === 'mailboxes'
          ? startHeld(m, entryOf(m), extra, `${hostname()}:${m}:${ports[m]}`)
          : start(m, entryOf(m), extra);
      }),
    );
    const orm = await createOrm({ databaseUrl: database.url, modules: [platformData] });
    try {
      otherKey = (await new ApiKeyService(orm.em).createKey({ orgSlug: 'other', type: 'SERVER' })).key;
    } finally {
      await orm.close(true);
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([...starting]);
    await Promise.all([...children.values()].map((c) => c.stop()));
    await db?.end();
    await database?.drop();
  }, 60_000);

  it('should answer /healthz 503 starting until its job worker runs, in a gateway and in a module process, then 200', async () => {
    expect(whileStarting.gateway).toEqual({ status: 503, body: { status: 'starting' } });
    expect(whileStarting.mailboxes).toEqual({ status: 503, body: { status: 'starting' } });
    expect((await fetch(`${gateway}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.mailboxes}/healthz`)).status).toBe(200);
  });

  it('should publish through the domains process the DKIM key the mailboxes process asked for, and sign with it in the email process', async () => {
    expect((await call('POST', '/domains/register', { domainName: DOMAIN, registrant: REGISTRANT })).status).toBe(201);
    const created = await call('POST', `${P}/domains`, { domain: DOMAIN });
    expect(created.status).toBe(201);
    const wanted = (created.body.data.records as { purpose: string; name: string; value: string }[]).find(
      (r) => r.purpose === 'dkim',
    )!;
    expect(wanted).toMatchObject({
      name: `pf1._domainkey.${DOMAIN}`,
      value: expect.stringMatching(/^v=DKIM1; k=rsa; p=/),
    });

    // The domains process's preset asks for the organization's key of the domain: the one the mailboxes process made.
    const preset = await call('POST', `/domains/${DOMAIN}/dns/presets`, { preset: 'SERVICE_EMAIL' });
    expect(preset.status).toBe(201);
    const published = (preset.body.data.records as { type: string; name: string; value: string }[]).find((r) =>
      r.name.startsWith('pf1._domainkey'),
    );
    expect(published?.value).toBe(wanted.value);

    const verified = await call('POST', `${P}/domains/${created.body.data.id}/verify`);
    expect(verified.body.data.records.map((r: { purpose: string; status: string }) => [r.purpose, r.status])).toEqual([
      ['mx', 'verified'],
      ['spf', 'verified'],
      ['dkim', 'verified'],
      ['dmarc', 'verified'],
    ]);
    expect((await call('POST', `${P}/mailboxes`, { name: 'support', domain: DOMAIN })).status).toBe(201);

    const sent = await call('POST', `${P}/messages/send`, {
      from: `support@${DOMAIN}`,
      to: ['ada@example.net'],
      subject: 'Signed across processes',
      text: 'Hello',
    });
    expect(sent.status).toBe(202);
    const raw = await eventually(async () => {
      const { rows } = await db.query<{ mime: string }>(
        `select c.mime from email.captured c join email.messages m on m.id = c.message_id where m.subject = 'Signed across processes'`,
      );
      return rows[0]?.mime;
    }, 30_000);
    // An independent verifier, asking the domains process's DNS server for the key.
    const dns = new Resolver();
    dns.setServers([`127.0.0.1:${dnsPort}`]);
    const resolver = (name: string, rrtype: string) =>
      rrtype === 'TXT' ? dns.resolveTxt(name) : dns.resolve(name, rrtype as 'A');
    const result = await dkimVerify(Buffer.from(raw), { resolver: resolver as never });
    expect(result.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([
      [DOMAIN, 'pf1', 'pass'],
    ]);

    // The email process's delivery reaches the mailboxes process: the mailbox message moves from sent to delivered.
    const delivered = await eventually(async () => {
      const message = (await call('GET', `${P}/inbox/${sent.body.data.id}`)).body.data;
      return message.status === 'delivered' && message;
    }, 30_000);
    expect(delivered).toMatchObject({ sentAt: expect.any(String), deliveredAt: expect.any(String) });
  }, 120_000);

  it('should refuse, in the webhooks process, a webhook filter naming a mailbox of another organization', async () => {
    const theirs = (await call('POST', `${P}/mailboxes`, { name: 'theirs' }, otherKey)).body.data;
    for (const path of [`${P}/mailboxes/${theirs.id}/webhooks`, `${P}/mailboxes/mbx_doesnotexist/webhooks`]) {
      const refused = await call('POST', path, { url: 'https://hooks.example.com/x', events: ['message.received'] });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('MAILBOX_NOT_FOUND');
      expect((await call('GET', path)).status).toBe(404);
    }
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from webhooks.webhooks where url = 'https://hooks.example.com/x'`,
    );
    expect(rows[0]!.n).toBe(0);
    // Their own organization may.
    expect(
      (
        await call(
          'POST',
          `${P}/mailboxes/${theirs.id}/webhooks`,
          { url: 'https://hooks.example.com/x', events: ['message.received'] },
          otherKey,
        )
      ).status,
    ).toBe(201);
  });

  it("should remove a deleted mailbox's webhooks in the webhooks process, and only its own", async () => {
    const gone = (await call('POST', `${P}/mailboxes`, { name: 'gone' })).body.data;
    const stays = (await call('POST', `${P}/mailboxes`, { name: 'stays' })).body.data;
    const hook = await call('POST', `${P}/mailboxes/${gone.id}/webhooks`, {
      url: 'https://hooks.example.com/gone',
      events: ['message.received'],
    });
    expect(hook.status).toBe(201);
    const kept = await call('POST', `${P}/mailboxes/${stays.id}/webhooks`, {
      url: 'https://hooks.example.com/stays',
      events: ['message.received'],
    });
    expect(kept.status).toBe(201);

    expect((await call('DELETE', `${P}/mailboxes/${gone.id}`)).status).toBe(200);
    await eventually(async () => (await call('GET', `${P}/webhooks/${hook.body.data.id}`)).status === 404, 30_000);
    expect((await call('GET', `${P}/webhooks/${kept.body.data.id}`)).status).toBe(200);
    expect((await call('GET', `${P}/mailboxes/${gone.id}/webhooks`)).status).toBe(404);
  }, 60_000);
});
