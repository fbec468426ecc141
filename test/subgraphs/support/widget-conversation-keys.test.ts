import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { createInbox, newVisitor, outbox } from './helpers/support-fixtures.js';

/**
 * The widget starts a conversation with its outbox entry's key (Idempotency-Key). A start sent again because its
 * answer was lost in a network drop answers the conversation it opened: one conversation, one first message.
 */
describe('widget conversation start under an idempotency key', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string; widgetToken: string };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ contactConversations: false })] });
    key = await t.key('sup-start-keys');
    inbox = await createInbox(t, key, { name: 'Start keys' });
  });
  afterAll(() => t.stop());

  const start = (visitorToken: string, message: string, idempotencyKey?: string) =>
    t.request('POST', '/support/widget/conversations', {
      body: { message },
      headers: {
        'x-widget-token': inbox.widgetToken,
        'x-visitor-token': visitorToken,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
    });
  const conversationsOf = async (visitorId: string) => {
    const rows = await t.platform.orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from support.conversations where visitor_id = ? order by created_at, id', [
        visitorId,
      ]);
    return rows.map((r) => r.id);
  };
  const created = async (visitorId: string) =>
    (await outbox(t, key, 'conversation.created')).filter((e) => e.data.visitorId === visitorId).length;

  it('should answer a repeated start with the conversation it opened, also when the starts race', async () => {
    const visitor = await newVisitor(t, inbox.widgetToken);
    const first = await start(visitor.visitorToken, 'Hello?', 'pending-start-1');
    expect(first.status).toBe(201);
    const again = await start(visitor.visitorToken, 'Hello?', 'pending-start-1');
    expect([again.status, again.body.data.id]).toEqual([201, first.body.data.id]);
    expect(again.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['Hello?']);

    const raced = await Promise.all(
      Array.from({ length: 6 }, () => start(visitor.visitorToken, 'Anyone?', 'pending-start-2')),
    );
    expect(raced.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(raced.map((r) => r.body.data.id)).size).toBe(1);

    expect(await conversationsOf(visitor.visitorId)).toEqual([first.body.data.id, raced[0]!.body.data.id]);
    expect(await created(visitor.visitorId)).toBe(2);
  });

  it("should open a new conversation for a new key, no key, or another visitor's same key", async () => {
    const visitor = await newVisitor(t, inbox.widgetToken);
    const a = await start(visitor.visitorToken, 'One', 'pending-a');
    const b = await start(visitor.visitorToken, 'Two', 'pending-b');
    const plain1 = await start(visitor.visitorToken, 'Three');
    const plain2 = await start(visitor.visitorToken, 'Three');
    expect(new Set([a, b, plain1, plain2].map((r) => r.body.data.id)).size).toBe(4);
    const stranger = await newVisitor(t, inbox.widgetToken);
    const theirs = await start(stranger.visitorToken, 'Mine', 'pending-a');
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(a.body.data.id);
    expect(JSON.stringify(theirs.body)).not.toContain('One');
  });

  it('should refuse a key over 200 characters with 400, opening nothing', async () => {
    const visitor = await newVisitor(t, inbox.widgetToken);
    const res = await start(visitor.visitorToken, 'Too long a key', 'k'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(await conversationsOf(visitor.visitorId)).toEqual([]);
  });
});
