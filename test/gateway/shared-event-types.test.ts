import { startTestPlatform, eventually, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { webhooksModule } from '../../subgraphs/webhooks/index.js';
import { supportModule } from '../../subgraphs/support/index.js';
import { mailboxesModule } from '../../subgraphs/mailboxes/index.js';
import { createInbox, newConversation } from '../subgraphs/support/helpers/support-fixtures.js';
import { startReceiver, type Receiver } from '../subgraphs/webhooks/helpers/receiver.js';

/** `message.received` is raised by support and by agent mailboxes: each module's webhooks get their own module's only. */
describe('an event type two modules raise', () => {
  let t: TestPlatform;
  let key: string;
  let supportHooks: Receiver;
  let mailboxHooks: Receiver;
  let platformHooks: Receiver;

  beforeAll(async () => {
    [supportHooks, mailboxHooks, platformHooks] = await Promise.all(
      [1, 2, 3].map(() => startReceiver(() => ({ status: 200, body: 'ok' }))),
    );
    t = await startTestPlatform(
      { WEBHOOK_ALLOW_PRIVATE: 'true' },
      {
        modules: [
          emailModule(),
          webhooksModule(),
          supportModule({ contactConversations: false }),
          mailboxesModule({ contactMessages: false }),
        ],
      },
    );
    key = await t.key('shared-types');
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([supportHooks, mailboxHooks, platformHooks].map((r) => r.close()));
  });

  it('should deliver a support message to support webhooks and a mailbox message to mailbox webhooks, and both to platform webhooks', async () => {
    const mailbox = (await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'agent' } })).body.data;
    const sender = (await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'sender' } })).body.data;
    for (const [path, url, extra] of [
      ['/support/webhooks', supportHooks.url, {}],
      [`/v1/agent-email/mailboxes/${mailbox.id}/webhooks`, mailboxHooks.url, {}],
      ['/webhooks', platformHooks.url, {}],
    ] as const) {
      const res = await t.request('POST', path, { key, body: { url, events: ['message.received'], ...extra } });
      expect(res.status).toBe(201);
    }
    const inbox = await createInbox(t, key, { name: 'Shared' });
    const { conversationId } = await newConversation(t, inbox.widgetToken, 'from the widget');
    const sent = await t.request('POST', '/v1/agent-email/messages/send', {
      key,
      body: { from: sender.address, to: [mailbox.address], subject: 'Hello agent', text: 'from a mailbox' },
    });
    expect(sent.status).toBe(202);

    await platformHooks.waitFor((rs) => rs.length >= 2);
    await eventually(async () => supportHooks.requests.length >= 1 && mailboxHooks.requests.length >= 1);
    // A delivery row is written in the transaction that dispatches its event, and both events are dispatched (the
    // platform webhook has both): the rows are every delivery there will be, whether or not its request has arrived.
    const queued = await t.platform.orm.em
      .fork()
      .getConnection()
      .execute<{ url: string; n: number }[]>(
        'select w.url, count(d.id)::int as n from webhooks.webhooks w left join webhooks.deliveries d on d.webhook_id = w.id group by w.url order by w.url',
      );
    expect(Object.fromEntries(queued.map((r) => [r.url, r.n]))).toEqual({
      [supportHooks.url]: 1,
      [mailboxHooks.url]: 1,
      [platformHooks.url]: 2,
    });
    expect(supportHooks.requests.map((r) => [r.json.type, r.json.data.conversationId ?? null])).toStrictEqual([
      ['message.received', conversationId],
    ]);
    expect(mailboxHooks.requests.map((r) => [r.json.type, r.json.data.mailboxId ?? null])).toStrictEqual([
      ['message.received', mailbox.id],
    ]);
    expect(platformHooks.requests.map((r) => r.json.type)).toEqual(['message.received', 'message.received']);
  });
});
