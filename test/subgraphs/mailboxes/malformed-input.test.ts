import fc from 'fast-check';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { mailboxesRoutes } from '../../../rest-bridge/routes/mailboxes.routes.js';

const P = '/v1/agent-email';

describe('every mailbox route with malformed input: a 4xx in the mailboxes envelope, never a 5xx', () => {
  let t: TestPlatform;
  let key: string;
  let mailboxId: string;
  let messageId: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { modules: [emailModule(), webhooksModule(), mailboxesModule({ contactMessages: false })] },
    );
    key = await t.key('mbx-fuzz');
    mailboxId = (await t.request('POST', `${P}/mailboxes`, { key, body: { name: 'fuzz' } })).body.data.id;
    messageId = (
      await t.request('POST', `${P}/messages/send`, {
        key,
        body: { from: 'fuzz@agents.localhost', to: ['x@example.com'], subject: 's', text: 't' },
      })
    ).body.data.id;
  });
  afterAll(() => t.stop());

  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
  );
  const fields = [
    'name',
    'domain',
    'from',
    'to',
    'cc',
    'bcc',
    'subject',
    'html',
    'text',
    'attachments',
    'headers',
    'tags',
    'scheduledAt',
    'messages',
    'messageIds',
    'labels',
    'color',
    'url',
    'events',
    'secret',
  ];
  const body = fc.oneof(fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 5 }), value);
  const param = fc.oneof(
    fc.constant('MAILBOX'),
    fc.constant('MESSAGE'),
    fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((s) => s !== '.' && s !== '..')
      .map((s) => encodeURIComponent(s)),
  ); // a dot segment is another path once the client normalizes the URL
  const query = fc.dictionary(
    fc.constantFrom('limit', 'offset', 'unread', 'sort', 'after', 'before', 'query', 'markRead', 'label', 'from'),
    fc.string({ maxLength: 12 }),
    { maxKeys: 3 },
  );

  it('should answer every route without a 5xx and in the envelope', async () => {
    const routes = mailboxesRoutes.routes;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: routes.length - 1 }), param, body, query, async (index, p, b, q) => {
        const route = routes[index]!;
        const id = p === 'MAILBOX' ? mailboxId : p === 'MESSAGE' ? messageId : p;
        const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
          name === 'mailboxId' ? (p === 'MESSAGE' ? mailboxId : id) : id,
        );
        const search = new URLSearchParams(q).toString();
        const res = await t.request(route.method, `${path}${search ? `?${search}` : ''}`, {
          key,
          ...(route.method === 'GET' ? {} : { body: b }),
        });
        if (res.status >= 500)
          throw new Error(`${route.method} ${path} ${JSON.stringify(b)} → ${res.status} ${res.text}`);
        if (res.status >= 400)
          expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      }),
      { numRuns: 300 },
    );
  });
});
