import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { SpeedupClock } from '../../../subgraphs/webhooks/sending/schedule-clock.js';
import { RETRY_SCHEDULE_MS, nextAttemptAt } from '../../../subgraphs/webhooks/sending/retry-schedule.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 24 h of schedule pass in 4.3 s of wall clock: the whole 34.6 h schedule runs in about 6 s.
const SPEEDUP = 20_000;

describe('the retry schedule', () => {
  it('should be immediate, 1 min, 5 min, 30 min, 2 h, 8 h, 24 h, then exhausted', () => {
    expect([...RETRY_SCHEDULE_MS]).toEqual([0, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 8 * HOUR, 24 * HOUR]);
    const failedAt = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(1, failedAt)).toEqual(new Date('2026-01-01T00:01:00Z'));
    expect(nextAttemptAt(6, failedAt)).toEqual(new Date('2026-01-02T00:00:00Z'));
    expect(nextAttemptAt(7, failedAt)).toBeNull();
  });

  it('should map schedule time to wall-clock time on a sped-up clock', () => {
    const clock = new SpeedupClock(1000, 1_000_000);
    expect(clock.wallTimeOf(new Date(1_000_000 + 60_000)).getTime()).toBe(1_000_060);
  });
});

describe('seven failed attempts through the stack (injected clock)', () => {
  let t: TestPlatform;
  let key: string;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestPlatform(
      { WEBHOOK_ALLOW_PRIVATE: 'true', JOBS_PROCESS_EVERY_MS: '100' },
      { modules: [emailModule(), webhooksModule({ clock: new SpeedupClock(SPEEDUP) })] },
    );
    key = await t.key('schedule');
    await t.platform.orm.em
      .getConnection()
      .execute("update platform.organizations set notification_email = 'ops@schedule.test' where slug = 'schedule'");
    receiver = await startReceiver(() => ({ status: 500, body: 'receiver broken' }));
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
  });

  it('should attempt at the scheduled offsets, then fail the delivery, disable the webhook and email the organization', async () => {
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url, events: ['email.delivered'], active: true },
    });
    const webhookId = created.body.data.id;
    const sent = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject: 'Doomed', html: 'x' },
    });
    expect(sent.status).toBe(200);

    const delivery = await eventually(async () => {
      const log = await t.request('GET', `/webhooks/${webhookId}/deliveries`, { key });
      return log.body.data[0]?.status === 'FAILED' ? log.body.data[0] : null;
    }, 30_000);

    expect(delivery).toMatchObject({
      status: 'FAILED',
      attemptCount: 7,
      responseCode: 500,
      error: 'HTTP 500',
      nextAttemptAt: null,
    });
    const attempts = delivery.attempts as {
      number: number;
      scheduledFor: string;
      attemptedAt: string;
      responseBody: string;
      success: boolean;
    }[];
    expect(attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(attempts.every((a) => !a.success && a.responseBody === 'receiver broken')).toBe(true);
    for (let n = 1; n < attempts.length; n++) {
      const previous = new Date(attempts[n - 1]!.attemptedAt).getTime();
      const scheduled = new Date(attempts[n]!.scheduledFor).getTime();
      const attempted = new Date(attempts[n]!.attemptedAt).getTime();
      // Due exactly one schedule step after the previous failure, and never attempted before it was due.
      expect(scheduled - previous).toBe(RETRY_SCHEDULE_MS[n]);
      expect(attempted).toBeGreaterThanOrEqual(scheduled);
    }

    // The receiver saw the same event 7 times, spaced by the schedule on the wall clock.
    const received = receiver.requests.filter((r) => r.json?.data?.messageId === sent.body.data.messageId);
    expect(received).toHaveLength(7);
    expect(new Set(received.map((r) => r.json.id)).size).toBe(1);
    for (let n = 1; n < received.length; n++) {
      expect(received[n]!.receivedAt - received[n - 1]!.receivedAt).toBeGreaterThanOrEqual(
        Math.floor(RETRY_SCHEDULE_MS[n]! / SPEEDUP) - 1,
      );
    }

    const webhook = await t.request('GET', `/webhooks/${webhookId}`, { key });
    expect(webhook.body.data).toMatchObject({ active: false, failed: true, failedAt: expect.any(String) });

    const notice = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute<{ subject: string; text: string; status: string; from_address: string }[]>(
          "select subject, text, status, from_address from email.messages where 'ops@schedule.test' = any(to_addresses)",
        );
      return rows[0]?.status === 'DELIVERED' ? rows : null;
    });
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe(`Webhook disabled after 7 failed attempts: ${receiver.url}`);
    expect(notice[0]!.text).toContain(webhookId);
    expect(notice[0]!.text).toContain(delivery.id);
    expect(notice[0]!.from_address).toMatch(/^Platform notifications </);
  }, 60_000);

  it('should send nothing more to the disabled webhook, and deliver again once re-enabled', async () => {
    const list = await t.request('GET', '/webhooks', { key });
    const webhookId = list.body.data[0].id;
    const before = receiver.requests.length;
    const sent = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'c@example.com', subject: 'While disabled', html: 'x' },
    });
    await eventually(async () => {
      const got = await t.request('GET', `/emails/messages/${sent.body.data.messageId}`, { key });
      return got.body.data.status === 'DELIVERED';
    });
    await t.platform.dispatcher!.drain();
    const deliveries = await t.request('GET', `/webhooks/${webhookId}/deliveries`, { key });
    expect(deliveries.body.meta.total).toBe(1);
    expect(receiver.requests.length).toBe(before);

    const enabled = await t.request('PATCH', `/webhooks/${webhookId}`, { key, body: { active: true } });
    expect(enabled.body.data).toMatchObject({ active: true, failed: false, failedAt: null });
    receiver.respond(() => 200);
    const again = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'd@example.com', subject: 'Back', html: 'x' },
    });
    await receiver.waitFor((rs) => rs.some((r) => r.json?.data?.messageId === again.body.data.messageId));
  });
});
