import { loadConfig } from '../../../gateway/module-manifests.js';
import { startPlatform, type Platform } from '../../../gateway/runner.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually as eventuallyWithin } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';

// Jobs run asynchronously; a busy shared machine can take a while (no timing is asserted).
const eventually = <T>(check: () => Promise<T | undefined | null | false>) => eventuallyWithin(check, 30_000);

const P = '/v1/agent-email';
const START = new Date('2030-01-01T09:00:00Z');

describe('scheduled sends on Agenda with an injected clock', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: Platform;
  let key: string;
  const clock = new ShiftedClock(START);
  const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();

  const start = async () => {
    const config = loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
      JOBS_PROCESS_EVERY_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '2000',
      SMTP_INBOUND_PORT: '0',
    });
    platform = await startPlatform(config, {
      modules: [emailModule(), webhooksModule(), mailboxesModule({ clock, contactMessages: false })],
    });
  };
  const req = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(platform.url + P + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await start();
    key = (await platform.apiKeys.createKey({ orgSlug: 'mbx-scheduled', type: 'SERVER' })).key;
    await req('POST', '/mailboxes', { name: 'planner' });
    await req('POST', '/mailboxes', { name: 'guest' });
  });
  afterAll(async () => {
    await platform.stop();
    await database.drop();
  });

  const inboxOfGuest = async () => {
    const guest = (await req('GET', '/mailboxes/guest@agents.localhost')).body.data;
    return (await req('GET', `/mailboxes/${guest.id}/inbox`)).body;
  };

  it('should hold a message until its time by the injected clock, then send it once', async () => {
    const res = await req('POST', '/messages/send', {
      from: 'planner@agents.localhost',
      to: ['guest@agents.localhost'],
      subject: 'Later',
      text: 'at nine',
      scheduledAt: at(10),
    }); // a wall-speed clock: the margin covers a loaded machine
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      status: 'scheduled',
      scheduledAt: expect.stringMatching(/^2030-01-01T09:00/),
    });
    expect((await req('GET', `/inbox/${res.body.data.id}`)).body.data.status).toBe('scheduled');
    const delivered = await eventually(async () => {
      const m = (await req('GET', `/inbox/${res.body.data.id}`)).body.data;
      return m.status === 'delivered' ? m : null;
    });
    expect(delivered.sentAt).toEqual(expect.any(String));
    expect((await inboxOfGuest()).data.filter((m: { subject: string }) => m.subject === 'Later')).toHaveLength(1);
    const late = await req('POST', `/messages/${res.body.data.id}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('CONFLICT');
  });

  it('should cancel a scheduled message (then 409), and refuse to cancel one that was never scheduled', async () => {
    const res = await req('POST', '/messages/send', {
      from: 'planner@agents.localhost',
      to: ['guest@agents.localhost'],
      subject: 'Never',
      text: 'x',
      scheduledAt: at(3600),
    });
    const cancelled = await req('POST', `/messages/${res.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id: res.body.data.id, status: 'cancelled' });
    expect((await req('POST', `/messages/${res.body.data.id}/cancel`)).status).toBe(409);
    expect((await req('POST', '/messages/msg_unknown/cancel')).body.error.code).toBe('MESSAGE_NOT_FOUND');
    const now = await req('POST', '/messages/send', {
      from: 'planner@agents.localhost',
      to: ['guest@agents.localhost'],
      subject: 'Now',
      text: 'x',
    });
    expect(now.body.data.status).toBe('queued');
  });

  it('should lose no scheduled message across a restart and send it only once', async () => {
    const res = await req('POST', '/messages/send', {
      from: 'planner@agents.localhost',
      to: ['guest@agents.localhost'],
      subject: 'Across restart',
      text: 'x',
      scheduledAt: at(10),
    });
    expect(res.body.data.status).toBe('scheduled');
    await platform.stop();
    await start();
    await eventually(async () => (await req('GET', `/inbox/${res.body.data.id}`)).body.data.status === 'delivered');
    expect((await inboxOfGuest()).data.filter((m: { subject: string }) => m.subject === 'Across restart')).toHaveLength(
      1,
    );
  });
});
