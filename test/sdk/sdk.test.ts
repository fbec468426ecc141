import { createPlatformClient, paginate, PlatformApiError, verifyWebhookSignature } from '../../sdk/src/index.js';
import { signedHeaders } from '../../subgraphs/webhooks/sending/webhook-signature.js';
import { checkedFetch } from '../helpers/openapi-response-check.js';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

/** The SDK against a running platform: typed calls, thrown envelope errors, pagination, retries on 429. */
describe('@platform-api/sdk', () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform();
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
  });

  const client = async (org: string, retry = {}) =>
    createPlatformClient({ apiKey: await t.key(org), baseUrl: t.url, fetch: checkedFetch as typeof fetch, retry });

  it('should send an email as the README does and answer its typed result', async () => {
    const api = await client('sdk-send');
    const { data } = await api.POST('/emails', {
      body: { from: 'a@example.com', to: 'b@example.com', subject: 'Hi', html: '<p>Hi</p>' },
      headers: { 'Idempotency-Key': 'sdk-1' },
    });
    expect(data!.success).toBe(true);
    expect(typeof data!.data.messageId).toBe('string');
    const again = await api.POST('/emails', {
      body: { from: 'a@example.com', to: 'b@example.com', subject: 'Hi', html: '<p>Hi</p>' },
      headers: { 'Idempotency-Key': 'sdk-1' },
    });
    expect(again.data!.data.messageId).toBe(data!.data.messageId);
  });

  it('should list every message through the pagination iterator, page after page', async () => {
    const api = await client('sdk-pages');
    const sent: string[] = [];
    for (let i = 0; i < 5; i++)
      sent.push(
        (
          await api.POST('/emails', {
            body: { from: 'a@example.com', to: `r${i}@example.com`, subject: `S${i}`, text: 'x' },
          })
        ).data!.data.messageId,
      );
    const pages: number[] = [];
    const seen: string[] = [];
    for await (const message of paginate(async (offset, limit) => {
      pages.push(offset);
      return (await api.GET('/emails/messages', { params: { query: { offset, limit } } })).data!;
    }, 2))
      seen.push(message.messageId);
    expect(seen.sort()).toEqual([...sent].sort());
    expect(pages).toEqual([0, 2, 4]);
  });

  it("should throw a PlatformApiError with the envelope's code, message and status", async () => {
    const api = await client('sdk-error');
    const refused = await api
      .GET('/emails/templates/{id}', { params: { path: { id: 'nope' } } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect(refused).toMatchObject({ status: 404, code: expect.stringMatching(/NOT_FOUND$/) });
    expect((refused as PlatformApiError).message.length).toBeGreaterThan(0);
  });

  it('should retry a 429 after its Retry-After until every call of a burst is answered', async () => {
    const waits: number[] = [];
    const api = await client('sdk-burst', {
      retries: 6,
      sleep: (ms: number) => (waits.push(ms), new Promise((r) => setTimeout(r, ms))),
    });
    const burst = await Promise.all(Array.from({ length: 25 }, () => api.GET('/emails/stats')));
    expect(burst.every((r) => r.response.status === 200)).toBe(true);
    expect(waits.length).toBeGreaterThanOrEqual(5);
    expect(waits.every((ms) => ms > 0 && ms % 1000 === 0)).toBe(true); // whole seconds: Retry-After, not a guess
  }, 120_000);

  it("should verify a delivery's Standard Webhooks signature and refuse a changed body or an old timestamp", () => {
    const secret = 'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');
    const body = '{"id":"evt_1","type":"email.sent","timestamp":"2026-01-31T09:00:00Z","data":{}}';
    const now = Date.now();
    const headers = signedHeaders(secret, {
      eventId: 'evt_1',
      eventType: 'email.sent',
      deliveryId: 'd1',
      body,
      timestamp: Math.floor(now / 1000),
    });
    expect(verifyWebhookSignature(secret, body, headers, { now: () => now })).toBe(true);
    expect(verifyWebhookSignature(secret, body.replace('sent', 'bounced'), headers, { now: () => now })).toBe(false);
    expect(verifyWebhookSignature(secret, body, headers, { now: () => now + 600_000 })).toBe(false);
  });
});
