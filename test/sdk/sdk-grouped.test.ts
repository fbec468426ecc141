import { createPlatformClient, paginate, PlatformApiError } from '../../sdk/src/index.js';
import { checkedFetch } from '../helpers/openapi-response-check.js';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

/** The SDK's grouped methods (`client.emails.send`) against a running platform. */
describe('@platform-api/sdk grouped methods', () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform();
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
  });

  const client = async (org: string) =>
    createPlatformClient({ apiKey: await t.key(org), baseUrl: t.url, fetch: checkedFetch as typeof fetch });

  it('should send an email with emails.send, answering the success body, and keep the Idempotency-Key', async () => {
    const api = await client('sdk-grouped-send');
    const body = { from: 'a@example.com', to: 'b@example.com', subject: 'Hi', html: '<p>Hi</p>' };
    const sent = await api.emails.send({ body, headers: { 'Idempotency-Key': 'grouped-1' } });
    expect(sent.success).toBe(true);
    expect(typeof sent.data.messageId).toBe('string');
    const again = await api.emails.send({ body, headers: { 'Idempotency-Key': 'grouped-1' } });
    expect(again.data.messageId).toBe(sent.data.messageId);
    // The raw openapi-fetch form still answers on the same client.
    const raw = await api.GET('/emails/messages/{id}', { params: { path: { id: sent.data.messageId } } });
    expect(raw.data!.data.messageId).toBe(sent.data.messageId);
  });

  it('should list the sent messages with emails.messages.list, and page through them with paginate', async () => {
    const api = await client('sdk-grouped-list');
    const sent: string[] = [];
    for (let i = 0; i < 3; i++)
      sent.push(
        (
          await api.emails.send({
            body: { from: 'a@example.com', to: `r${i}@example.com`, subject: `S${i}`, text: 'x' },
          })
        ).data.messageId,
      );
    const page = await api.emails.messages.list({ params: { query: { limit: 2 } } });
    expect(page.data).toHaveLength(2);
    expect(page.meta.hasMore).toBe(true);
    const seen: string[] = [];
    for await (const message of paginate(
      (offset, limit) => api.emails.messages.list({ params: { query: { offset, limit } } }),
      2,
    ))
      seen.push(message.messageId);
    expect(seen.sort()).toEqual([...sent].sort());
  });

  it('should create a CRM contact and read it back by its id once committed', async () => {
    const api = await client('sdk-grouped-crm');
    // The 202 of a contact creation is the provisional record, typed from the document.
    const created = await api.crm.contacts.create({ body: { email: 'ada@example.com', name: 'Ada' } });
    expect(typeof created.data.pending).toBe('boolean');
    expect(created.data.externalId).toMatch(/^ctc_/);
    // Until the creation commits the read answers 202 PENDING: a success, so it resolves rather than throws.
    const read = await eventually(async () => {
      const answer = await api.crm.contacts.get({ params: { path: { id: created.data.externalId } } });
      return 'data' in answer ? answer.data : null;
    });
    expect(read).toMatchObject({ externalId: created.data.externalId, email: 'ada@example.com', name: 'Ada' });
  });

  it("should throw a refusal as PlatformApiError with the envelope's code, status and details", async () => {
    const api = await client('sdk-grouped-error');
    const refused = await api.emails
      .send({ body: { from: 'not an address', to: 'b@example.com', subject: 'Hi', text: 'x' } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { field: 'from', received: 'not an address' },
      requestId: expect.stringMatching(/^req_/),
    });
    const missing = await api.emails.templates.get({ params: { path: { id: 'nope' } } }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: expect.stringMatching(/NOT_FOUND$/) });
  });
});
