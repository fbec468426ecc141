import { findPage } from '../../../platform/orm/find-page.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { EmailMessage } from '../../../subgraphs/email/entities/email-message.entity.js';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { recordStatements } from '../../helpers/sent-statements.js';

// A list reads only the columns its operation asks for (platform/orm/find-page.ts `fields`, derived from the GraphQL
// selection by platform/graphql/selected-properties.ts); its rows are plain objects, so a whole read afterwards, even
// in the same EntityManager, still gets every field.
describe('a list reads only the columns its operation selects', () => {
  let t: TestPlatform;
  let key: string;
  let organizationId: string;
  let messageId: string;

  /** The list SELECTs on email.messages sent while `run` ran. */
  const listStatements = async (run: () => Promise<unknown>) => {
    const statements = recordStatements();
    try {
      await run();
      return statements
        .texts()
        .filter((sql) => sql.includes('from "email"."messages"') && sql.includes('count(*) over()'));
    } finally {
      statements.stop();
    }
  };
  const graphql = async (query: string, variables?: Record<string, unknown>) => {
    const res = await t.graphql(key, query, variables);
    expect(res.body.errors).toBeUndefined();
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestPlatform();
    const created = await t.platform.apiKeys.createKey({ orgSlug: 'columns', type: 'SERVER' });
    key = created.key;
    organizationId = created.organization.id;
    const sent = await t.request('POST', '/emails', {
      key,
      body: {
        from: 'a@example.com',
        to: 'b@example.com',
        bcc: 'c@example.com',
        replyTo: 'd@example.com',
        subject: 'Columns',
        html: '<p>x</p>',
        headers: { 'X-Trace': 'one' },
      },
    });
    expect(sent.status).toBe(200);
    messageId = sent.body.data.messageId;
  });
  afterAll(() => t.stop());

  it('should not read a column the REST list does not show', async () => {
    const [sql] = await listStatements(async () =>
      expect((await t.request('GET', '/emails/messages?count=20', { key })).status).toBe(200),
    );
    expect(sql).toContain('"e0"."subject"');
    expect(sql).toContain('"e0"."organization_id"');
    for (const unasked of [
      '"bcc"',
      '"reply_to"',
      '"headers"',
      '"provider_message_id"',
      '"idempotency_key"',
      '"updated_at"',
    ])
      expect(sql).not.toContain(unasked);
  });

  it('should read what a GraphQL list selects, through fragments too, and answer it', async () => {
    let data: any;
    const [sql] = await listStatements(async () => {
      data = await graphql(
        'query { emailMessages(count: 20) { data { messageId: id ...Routing __typename } } } fragment Routing on EmailMessage { bcc replyTo }',
      );
    });
    expect(data.emailMessages.data).toEqual([
      { messageId, bcc: ['c@example.com'], replyTo: ['d@example.com'], __typename: 'EmailMessage' },
    ]);
    expect(sql).toContain('"e0"."bcc"');
    expect(sql).toContain('"e0"."reply_to"');
    for (const unasked of ['"subject"', '"headers"', '"from_address"']) expect(sql).not.toContain(unasked);
  });

  it('should still answer every field of a message read whole in the same request as a narrow list', async () => {
    const data = await graphql(
      'query ($id: ID!) { emailMessages(count: 20) { data { id } } emailMessage(id: $id) { id subject bcc replyTo headers html createdAt updatedAt } }',
      { id: messageId },
    );
    expect(data.emailMessages.data).toEqual([{ id: messageId }]);
    expect(data.emailMessage).toEqual({
      id: messageId,
      subject: 'Columns',
      bcc: ['c@example.com'],
      replyTo: ['d@example.com'],
      headers: { 'X-Trace': 'one' },
      html: '<p>x</p>',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('should load a message whole in the EntityManager that just listed it narrowly', async () => {
    const em = forkForTenant(t.platform.orm.em, organizationId);
    const { rows } = await findPage(
      em,
      EmailMessage,
      {},
      { limit: 20, offset: 0, orderBy: { createdAt: 'desc', id: 'desc' }, fields: ['subject'] },
    );
    expect(rows).toEqual([{ id: messageId, organizationId, subject: 'Columns', createdAt: expect.any(Date) }]);
    const whole = await em.findOneOrFail(EmailMessage, { id: messageId }, { populate: ['html'] });
    expect(whole).toMatchObject({
      subject: 'Columns',
      bcc: ['c@example.com'],
      replyTo: ['d@example.com'],
      headers: { 'X-Trace': 'one' },
      html: '<p>x</p>',
      from: 'a@example.com',
    });
  });
});
