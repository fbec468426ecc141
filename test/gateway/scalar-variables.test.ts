import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

// The gateway passes custom scalars (JSONObject, DateTime) to the subgraph unchecked; the subgraph's refusal of such a
// variable is the caller's mistake: a 400 in the module's envelope, never a 500.
describe('a custom scalar variable the subgraph refuses', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('scalar-vars');
    await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'scalars' } });
  });
  afterAll(() => t.stop());

  it.each([true, 1, 'x', [1]])('should answer 400 for mailbox send headers %j', async (headers) => {
    const res = await t.request('POST', '/v1/agent-email/messages/send', {
      key,
      body: { from: 'scalars@agents.localhost', to: ['x@example.com'], subject: 's', text: 't', headers },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
  });

  it('should answer INVALID_REQUEST over /graphql for a scheduledAt that is not a date-time', async () => {
    const res = await t.graphql(
      key,
      'mutation($input: MailboxSendInput!) { sendMailboxMessage(input: $input) { id } }',
      {
        input: {
          from: 'scalars@agents.localhost',
          to: ['x@example.com'],
          subject: 's',
          text: 't',
          scheduledAt: 'tomorrow',
        },
      },
    );
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_REQUEST', http: { status: 400 } });
  });
});
