import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '../helpers/test-database.js';
import { freePort } from '../helpers/free-port.js';
import { eventually } from '../helpers/test-platform.js';
import { subscribeToEvents, type Subscriber } from './helpers/subscriber.js';
import { entryOf, startChild, type PlatformChild } from './helpers/split-topology.js';
import { startReceiver, type Receiver } from '../subgraphs/webhooks/helpers/receiver.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Modules in processes of their own; every other module runs in-process in both gateways. */
const SPLIT = ['email', 'webhooks', 'crm', 'calendar'] as const;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * The split topology end to end: one PostgreSQL database and one Redis, two gateway processes, and email (twice: two workers on
 * one job store), webhooks, CRM and calendar each in a process of its own, all started from dist/ as an operator runs
 * them. Everything goes through the gateways' public HTTP, as a client would.
 */
describe('split topology: two gateways and module processes on one database, one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  const key = `sk_split_${randomBytes(16).toString('hex')}`;
  const ports: Record<string, number> = {};
  const children = new Map<string, PlatformChild>();
  let env: Record<string, string>;
  let gwA: string;
  let gwB: string;
  let onB: Subscriber | undefined;
  let receiver: Receiver;

  const call = async (base: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  // Starts still under way when a test fails are awaited by afterAll, so none outlives the file.
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
  const startModule = (name: string, module: string) =>
    start(name, entryOf(module), { SUBGRAPH_PORT: String(ports[name]) });
  const sendEmail = async (base: string, subject: string) => {
    const res = await call(base, 'POST', '/emails', {
      from: 'ops@example.com',
      to: 'ada@example.com',
      subject,
      html: '<p>x</p>',
    });
    if (res.status !== 202 && res.status !== 201 && res.status !== 200)
      throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.messageId as string;
  };
  const emailSendRuns = async () => {
    let total = 0;
    for (const name of ['email', 'email2']) {
      const text = await (await fetch(`http://127.0.0.1:${ports[name]}/metrics`)).text();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('job_run_duration_seconds_count') &&
            l.includes('name="email.send"') &&
            l.includes('outcome="success"'),
        );
      total += line ? Number(line.split(' ').pop()) : 0;
    }
    return total;
  };
  const settled = async (ids: string[]) => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from email.messages where id = any($1) and status in ('SENT', 'DELIVERED')`,
      [ids],
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    for (const name of ['gwA', 'gwB', 'email2', ...SPLIT]) ports[name] = await freePort();
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL,
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_API_KEY: key,
      SUBGRAPH_URLS: SPLIT.map((m) => `${m}=http://127.0.0.1:${ports[m]}/graphql`).join(','),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      JOBS_PROCESS_EVERY_MS: '200',
      EVENTS_SWEEP_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '2000',
      WEBHOOK_ALLOW_PRIVATE: 'true', // the receiver is on loopback
    };
    // The first gateway creates the default organization, moved to Enterprise before the others start.
    await start('gwA', entryOf('gateway'), { PORT: String(ports.gwA) });
    // Enterprise (contract limits, no public per-endpoint caps): the 100-send burst below, on top of the sends just
    // before it, must not meet POST /emails' 100 per second of the public plans.
    await db.query(`update platform.organizations set plan = 'ENTERPRISE' where slug = 'default'`);
    await Promise.all([
      ...SPLIT.map((m) => startModule(m, m)),
      startModule('email2', 'email'),
      start('gwB', entryOf('gateway'), { PORT: String(ports.gwB) }),
    ]);
    gwA = `http://127.0.0.1:${ports.gwA}`;
    gwB = `http://127.0.0.1:${ports.gwB}`;
  }, 180_000);

  afterAll(async () => {
    await onB?.dispose();
    await Promise.allSettled([...starting]);
    await Promise.all([...children.values()].map((c) => c.stop()));
    await db?.end();
    await receiver?.close();
    await database?.drop();
  }, 60_000);

  it('should be ready on both gateways, every split module named and up', async () => {
    for (const base of [gwA, gwB]) {
      const res = await fetch(base + '/readyz');
      const body = (await res.json()) as { checks: Record<string, string> };
      // A module that died after its first /healthz (CI saw calendar down here once): its own last words.
      if (res.status !== 200)
        throw new Error(
          `${base}/readyz: ${JSON.stringify(body)}\n${[...children.values()].map((c) => `--- ${c.name}\n${c.output()}`).join('\n')}`,
        );
      for (const m of SPLIT) expect(body.checks[`subgraph:${m}`]).toBe('ok');
    }
  });

  it('should serve REST through both gateways, and the cross-module query contact → bookings', async () => {
    const accepted = await call(gwA, 'POST', '/crm/contacts', { email: 'ada@example.com', name: 'Ada' });
    expect(accepted.status).toBe(202);
    const contact = await eventually(async () => {
      const res = await call(gwB, 'GET', '/crm/contacts/ada@example.com');
      return res.status === 200 && res;
    });
    expect(contact.body.data).toMatchObject({ email: 'ada@example.com' });

    const host = await call(gwB, 'POST', '/auth/users', {
      email: 'hana@example.com',
      emailVerified: true,
      profile: { firstName: 'Hana', lastName: 'Host' },
    });
    expect(host.status).toBe(201);
    const hostId = host.body.data.id as string;
    expect((await call(gwA, 'POST', '/calendar/schedules', { hostId, name: 'Work', timezone: 'UTC' })).status).toBe(
      201,
    );
    const eventType = await call(gwB, 'POST', '/calendar/event-types', {
      hostId,
      hostName: 'Hana Host',
      hostEmail: 'hana@example.com',
      title: 'Meeting',
      duration: 30,
    });
    expect(eventType.status).toBe(201);
    const booking = await call(gwA, 'POST', '/calendar/bookings', {
      eventTypeId: eventType.body.data.id,
      startTime: nextWeekdayAt10Utc(),
      attendee: { name: 'Ada', email: 'ada@example.com', timezone: 'UTC' },
    });
    expect(booking.status).toBe(201);

    const query = await call(gwB, 'POST', '/graphql', {
      query: 'query($id: ID!) { contact(id: $id) { email bookings { uid status } } }',
      variables: { id: 'ada@example.com' },
    });
    expect(query.body.errors).toBeUndefined();
    expect(query.body.data.contact).toEqual({
      email: 'ada@example.com',
      bookings: [{ uid: booking.body.data.uid, status: 'CONFIRMED' }],
    });
    // The confirmation, sent by the calendar process through the system-email port of a module it does not serve:
    // relayed as a job to the email process, which sends it.
    await eventually(async () => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from email.messages where subject like '%Meeting with Hana Host%' and 'ada@example.com' = any(to_addresses) and status in ('SENT', 'DELIVERED')`,
      );
      return rows[0]!.n === 1;
    }, 30_000);
  }, 120_000);

  it('should deliver an event raised through one gateway to a graphql-ws subscriber on the other', async () => {
    onB = subscribeToEvents(gwB, { authorization: `Bearer ${key}` }, ['email.delivered']);
    // Raised through A until B's subscription is live (the first events may precede it).
    await eventually(
      async () => {
        await sendEmail(gwA, 'probe');
        return onB!.events.length > 0;
      },
      30_000,
      300,
    );
    const messageId = await sendEmail(gwA, 'Across gateways');
    const event = await eventually(async () => onB!.events.find((e) => e.data.messageId === messageId), 20_000);
    expect(event).toMatchObject({ type: 'email.delivered', data: { messageId, subject: 'Across gateways' } });
    expect(onB.errors).toEqual([]);
  }, 120_000);

  it('should count a rate limit across both gateways', async () => {
    // Two requests in one window, one through each gateway: the second sees the first's count (Redis), not its own.
    const shared = await eventually(async () => {
      const a = await call(gwA, 'GET', '/crm/contacts');
      const b = await call(gwB, 'GET', '/crm/contacts');
      const sameWindow = a.headers.get('x-ratelimit-reset') === b.headers.get('x-ratelimit-reset');
      return (
        sameWindow && {
          a: Number(a.headers.get('x-ratelimit-remaining')),
          b: Number(b.headers.get('x-ratelimit-remaining')),
        }
      );
    });
    expect(shared.b).toBe(shared.a - 1);
  });

  it('should run 100 scheduled jobs exactly once across two email workers, each event delivered to the webhook', async () => {
    // Events are dispatched by the webhooks process only: a gateway that drained the outbox without the webhook sink
    // would leave some of these events without a delivery.
    const hook = await call(gwA, 'POST', '/webhooks', { url: receiver.url, events: ['email.delivered'], active: true });
    expect(hook.status).toBe(201);
    const ids = await Promise.all(Array.from({ length: 100 }, (_, i) => sendEmail(i % 2 ? gwA : gwB, `job ${i}`)));
    expect(new Set(ids).size).toBe(100);
    await eventually(async () => (await settled(ids)) === 100, 60_000);
    // Every message of this run (the 100, and the earlier ones) has one successful send run, in one worker or the other.
    const total = await eventually(async () => {
      const { rows } = await db.query<{ n: number; pending: number }>(
        `select count(*)::int as n, count(*) filter (where status not in ('SENT', 'DELIVERED'))::int as pending from email.messages`,
      );
      return rows[0]!.pending === 0 && rows[0]!.n;
    }, 30_000);
    await eventually(async () => (await emailSendRuns()) >= total, 10_000);
    expect(await emailSendRuns()).toBe(total);
    await receiver.waitFor((requests) => ids.every((id) => requests.some((r) => r.body.includes(id))), 60_000);
  }, 120_000);

  it('should answer 503 in the module envelope for a killed module, 200 for the others, and recover after its restart', async () => {
    await children.get('calendar')!.kill();
    for (const base of [gwA, gwB]) {
      const down = await call(base, 'GET', '/calendar/event-types');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
      expect((await call(base, 'GET', '/crm/contacts')).status).toBe(200);
      expect((await call(base, 'GET', '/emails/messages')).status).toBe(200);
    }
    const ready = await fetch(gwA + '/readyz');
    const { checks, modulesDown } = (await ready.json()) as { checks: Record<string, string>; modulesDown: string[] };
    expect(ready.status).toBe(503);
    expect(modulesDown).toEqual(['calendar']);
    expect(checks['subgraph:calendar']).toMatch(/^failed/);
    expect(checks['subgraph:crm']).toBe('ok');

    await startModule('calendar', 'calendar');
    // Back without a gateway restart (a pooled connection to the dead process may cost one more 503 first).
    for (const base of [gwA, gwB])
      await eventually(async () => (await call(base, 'GET', '/calendar/event-types')).status === 200);
    expect((await fetch(gwB + '/readyz')).status).toBe(200);
  }, 120_000);

  it('should lose nothing accepted while the webhooks process and an email worker are killed and restarted', async () => {
    await children.get('webhooks')!.kill();
    // The second email worker dies while the sends arrive (possibly mid-job): the first sends what it held.
    const [ids] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => sendEmail(i % 2 ? gwA : gwB, `crash ${i}`))),
      children.get('email2')!.kill(),
    ]);
    await eventually(async () => (await settled(ids)) === 10, 60_000);
    await Promise.all([startModule('webhooks', 'webhooks'), startModule('email2', 'email')]);
    // Their events, left in the outbox while the dispatcher was down, reach the subscriber on B and the webhook.
    await eventually(async () => ids.every((id) => onB!.events.some((e) => e.data.messageId === id)), 30_000);
    await receiver.waitFor((requests) => ids.every((id) => requests.some((r) => r.body.includes(id))), 30_000);
  }, 120_000);
});

/** 10:00 UTC on a weekday 2 to 8 days ahead: inside a UTC working-hours schedule and past any minimum notice. */
function nextWeekdayAt10Utc(): string {
  const day = new Date();
  day.setUTCHours(10, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 2);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}
