import WebSocket from 'ws';
import { startTestPlatform, eventually, type TestPlatform } from '../helpers/test-platform.js';
import { subscribeToEvents, type Subscriber } from './helpers/subscriber.js';
import { hashApiKey } from '../../platform/organizations/api-key.service.js';

describe('Subscription.events over graphql-ws on /graphql', () => {
  let t: TestPlatform;
  let keyA: string;
  let keyB: string;
  const open: Subscriber[] = [];

  beforeAll(async () => {
    t = await startTestPlatform();
    keyA = await t.key('org-a');
    keyB = await t.key('org-b');
  });
  afterAll(async () => {
    for (const s of open) await s.dispose();
    await t.stop();
  });

  const subscribe = (params: Record<string, unknown>, types?: string[]) => {
    const s = subscribeToEvents(t.url, params, types);
    open.push(s);
    return s;
  };
  const orgOf = async (key: string) => (await t.platform.apiKeys.authenticate(key))!.organizationId;
  let probes = 0;
  /** Writes a probe event (`data.probe` = `tag`) for the key's organization, as a module would. */
  const probe = async (key: string, type: string, tag: string | true = true) => {
    await t.platform.orm.em
      .getConnection()
      .execute(
        "insert into platform.events (id, organization_id, type, data, created_at) values (?, ?, ?, jsonb_build_object('probe', ?::jsonb), now()); select pg_notify('platform_events', '')",
        [`evt_probe_${Date.now()}_${probes++}`, await orgOf(key), type, JSON.stringify(tag)],
      );
  };
  /** Raises probe events for the key's organization until the subscriber has one: its subscription is live. */
  const primed = async (s: Subscriber, key: string, type = 'form.partial') => {
    await eventually(
      async () => {
        await probe(key, type);
        return s.events.some((e) => e.data?.probe);
      },
      10_000,
      100,
    );
  };
  /** The events a test caused: probes (late ones too) left out. */
  const real = (s: Subscriber) => s.events.filter((e) => !e.data?.probe);
  const sendEmail = (key: string, subject: string) =>
    t.request('POST', '/emails', { key, body: { from: 'a@example.com', to: 'b@example.com', subject, html: 'x' } });

  it('should stream the caller organization’s events with the webhook payload, and none of another organization', async () => {
    const a = subscribe({ authorization: `Bearer ${keyA}` });
    const b = subscribe({ apiKey: keyB });
    await primed(a, keyA);
    await primed(b, keyB);

    const sentA = await sendEmail(keyA, 'For A');
    await eventually(async () => real(a).filter((e) => e.data.messageId === sentA.body.data.messageId).length === 2);
    const delivered = real(a).find((e) => e.type === 'email.delivered')!;
    expect(delivered).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'email.delivered',
      timestamp: expect.stringMatching(/Z$/),
      data: {
        messageId: sentA.body.data.messageId,
        to: ['b@example.com'],
        subject: 'For A',
        deliveredAt: expect.any(String),
      },
    });
    expect(real(a).map((e) => e.type)).toEqual(['email.sent', 'email.delivered']);

    // B's own event comes after A's on the same stream: had B been sent A's events, they would be here first.
    const sentB = await sendEmail(keyB, 'For B');
    await eventually(async () => real(b).some((e) => e.type === 'email.delivered'));
    expect(real(b).map((e) => e.data.messageId)).toEqual([sentB.body.data.messageId, sentB.body.data.messageId]);
    expect(a.events.some((e) => e.data.messageId === sentB.body.data.messageId)).toBe(false);
    expect(a.errors).toEqual([]);
  });

  it('should filter by type', async () => {
    const s = subscribe({ authorization: `Bearer ${keyA}` }, ['email.delivered']);
    await primed(s, keyA, 'email.delivered');
    const sent = await sendEmail(keyA, 'Filtered');
    await eventually(async () => s.events.some((e) => e.data.messageId === sent.body.data.messageId));
    // Events reach a subscriber in the order they were written: once a later one that passes the filter is here, an
    // email.sent the filter had let through would be here too.
    await probe(keyA, 'email.delivered', 'after');
    await eventually(async () => s.events.some((e) => e.data?.probe === 'after'));
    expect(real(s).map((e) => e.type)).toEqual(['email.delivered']);
  });

  it('should close a connection with a bad or missing key with 4401, and refuse gateway keys with 4403', async () => {
    const bad = subscribe({ authorization: 'Bearer sk_srv_not-a-real-key-at-all' });
    await eventually(async () => bad.closed);
    expect(bad.closed).toEqual({ code: 4401, reason: 'Invalid API key' });

    const none = subscribe({});
    await eventually(async () => none.closed);
    expect(none.closed).toEqual({ code: 4401, reason: 'Missing API key' });

    const gateway = subscribe({ apiKey: await t.key('org-a', 'GATEWAY') });
    await eventually(async () => gateway.closed);
    expect(gateway.closed).toEqual({ code: 4403, reason: 'AI gateway keys open /ai/v1 only' });
  });

  it('should close the open connections of a key when it is revoked, and only those', async () => {
    const doomedKey = await t.key('org-a');
    const doomed = subscribe({ apiKey: doomedKey });
    const kept = subscribe({ apiKey: keyA });
    await primed(doomed, keyA);
    await primed(kept, keyA);
    const [row] = await t.platform.orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from platform.api_keys where hash = ?', [hashApiKey(doomedKey)]);
    const revoked = await t.graphql(keyA, 'mutation($id: ID!) { revokeApiKey(id: $id) }', { id: row!.id });
    expect(revoked.body.data.revokeApiKey).toBe(true);

    await eventually(async () => doomed.closed);
    expect(doomed.closed).toEqual({ code: 4401, reason: 'API key revoked' });
    await probe(keyA, 'form.partial', 'after-revoke');
    await eventually(async () => kept.events.some((e) => e.data?.probe === 'after-revoke'));
    expect(kept.closed).toBeUndefined();
  });

  it('should answer FORBIDDEN to a key without the webhooks scope', async () => {
    const s = subscribe({ apiKey: await t.key('org-a', 'SERVER', ['email']) });
    await eventually(async () => s.errors.length > 0);
    expect(s.errors[0]).toMatchObject({
      message: expect.stringContaining('webhooks'),
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('should refuse WebSocket upgrades on other paths', async () => {
    const ws = new WebSocket(t.url.replace(/^http/, 'ws') + '/elsewhere', 'graphql-transport-ws');
    const outcome = await new Promise<string>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
      ws.on('error', (e) => resolve(`error ${e.message}`));
      ws.on('open', () => resolve('open'));
    });
    expect(outcome).toBe('status 404');
  });
});
