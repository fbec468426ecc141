import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { createInbox, newConversation, newVisitor, outbox } from './helpers/support-fixtures.js';

/**
 * The widget sends each visitor message with its outbox entry's key (Idempotency-Key). A message sent again because
 * its answer was lost in a network drop is the message already stored: one row, one message.received event.
 */
describe('widget visitor messages under an idempotency key', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string; widgetToken: string };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ contactConversations: false })] });
    key = await t.key('sup-keys');
    inbox = await createInbox(t, key, { name: 'Keys' });
  });
  afterAll(() => t.stop());

  const post = (visitorToken: string, conversationId: string, body: Record<string, unknown>, idempotencyKey?: string) =>
    t.request('POST', `/support/widget/conversations/${conversationId}/messages`, {
      body,
      headers: {
        'x-widget-token': inbox.widgetToken,
        'x-visitor-token': visitorToken,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
    });
  const stored = async (conversationId: string) => {
    const rows = await t.platform.orm.em
      .getConnection()
      .execute<{ content: string }[]>(
        "select content from support.messages where conversation_id = ? and sender_type = 'visitor' order by created_at, id",
        [conversationId],
      );
    return rows.map((r) => r.content);
  };
  const received = async (conversationId: string) =>
    (await outbox(t, key, 'message.received')).filter((e) => e.data.conversationId === conversationId).length;

  it('should answer a repeated key with the stored message and store it once, with and without files', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'First');
    const first = await post(visitor.visitorToken, conversationId, { message: 'Are you there?' }, 'pending-1-abc');
    expect(first.status).toBe(201);
    const again = await post(visitor.visitorToken, conversationId, { message: 'Are you there?' }, 'pending-1-abc');
    expect([again.status, again.body.data]).toEqual([201, first.body.data]);

    const file = { filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('hello').toString('base64') };
    const withFile = await post(
      visitor.visitorToken,
      conversationId,
      { message: 'See file', attachments: [file] },
      'pending-2-def',
    );
    expect(withFile.status).toBe(201);
    const fileAgain = await post(
      visitor.visitorToken,
      conversationId,
      { message: 'See file', attachments: [file] },
      'pending-2-def',
    );
    expect(fileAgain.body.data.id).toBe(withFile.body.data.id);

    // Without a key every post is a message, as before.
    await post(visitor.visitorToken, conversationId, { message: 'No key' });
    await post(visitor.visitorToken, conversationId, { message: 'No key' });
    expect(await stored(conversationId)).toEqual(['First', 'Are you there?', 'See file', 'No key', 'No key']);
    expect(await received(conversationId)).toBe(5);
  });

  it('should store one message when the same key is sent many times at once', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Start');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(visitor.visitorToken, conversationId, { message: 'Raced' }, 'pending-race')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await stored(conversationId)).toEqual(['Start', 'Raced']);
    expect(await received(conversationId)).toBe(2);
  });

  it("should scope a key to its conversation: another conversation's or visitor's same key is a new message, never theirs", async () => {
    const a = await newConversation(t, inbox.widgetToken, 'A');
    const b = await newConversation(t, inbox.widgetToken, 'B');
    const inA = await post(a.visitor.visitorToken, a.conversationId, { message: 'Mine' }, 'pending-shared');
    const inB = await post(b.visitor.visitorToken, b.conversationId, { message: 'Also mine' }, 'pending-shared');
    expect(inB.body.data.id).not.toBe(inA.body.data.id);
    expect(inB.body.data.content).toBe('Also mine');
    // A stranger presenting A's conversation and key gets A's conversation refused, not A's message.
    const stranger = await newVisitor(t, inbox.widgetToken);
    const probe = await post(stranger.visitorToken, a.conversationId, { message: 'x' }, 'pending-shared');
    expect(probe.status).toBe(404);
    expect(JSON.stringify(probe.body)).not.toContain('Mine');
    expect(await stored(a.conversationId)).toEqual(['A', 'Mine']);
  });

  it('should refuse a key over 200 characters with 400, storing nothing', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Only');
    const res = await post(visitor.visitorToken, conversationId, { message: 'Too long a key' }, 'k'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(await stored(conversationId)).toEqual(['Only']);
  });
});
