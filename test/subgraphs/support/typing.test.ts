import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { addMember, createInbox, newConversation, outbox, widget } from './helpers/support-fixtures.js';

/** A real graphql-ws client running one subscription; collects its results. */
function subscribe(
  url: string,
  connectionParams: Record<string, unknown>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const got: { data: any[]; at: number[]; errors: unknown[]; client: Client } = {
    data: [],
    at: [],
    errors: [],
    client: undefined as never,
  };
  got.client = createClient({
    url: url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
  got.client.subscribe(
    { query, variables },
    {
      next: (r) => {
        if (r.errors) return void got.errors.push(...r.errors);
        got.data.push(r.data);
        got.at.push(Date.now()); // when it arrived: what came before a marker was sent came from earlier signals
      },
      error: (e) => got.errors.push(e),
      complete: () => undefined,
    },
  );
  return got;
}

/** Short, so the expiry is seen without a long wait; the window is what a flood is measured against. */
const TYPING = { expiresAfterMs: 800, minIntervalMs: 200 };
const WIDGET_TYPING =
  'subscription($id: ID!) { supportWidgetTyping(conversationId: $id) { conversationId typing senderType authorName } }';
const AGENT_TYPING =
  'subscription($id: ID!) { supportConversationTyping(conversationId: $id) { conversationId typing senderType } }';

describe('support typing signals, live over graphql-ws both ways', () => {
  let t: TestPlatform;
  let key: string;
  let otherKey: string;
  let inbox: { id: string; widgetToken: string; name: string };
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [webhooksModule(), supportModule({ contactConversations: false, typing: TYPING })] },
    );
    key = await t.key('sup-typing');
    otherKey = await t.key('sup-typing-other');
    inbox = await createInbox(t, key, { name: 'Typing help' });
    await addMember(t, key, inbox.id, 'user_mia', { name: 'Mia Chen' });
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await t.stop();
  });

  const agentTyping = (conversationId: string, body: Record<string, unknown>, withKey = key) =>
    t.request('POST', `/support/conversations/${conversationId}/typing`, { key: withKey, body });
  const visitorTyping = (
    visitorToken: string,
    conversationId: string,
    body: unknown,
    widgetToken = inbox.widgetToken,
  ) => widget(t, widgetToken, visitorToken)('POST', `conversations/${conversationId}/typing`, body);

  /** Sends `typing: true` until the subscriber has it (its subscription is live), then `false` until that arrived too. */
  const primed = async (got: { data: any[]; at: number[] }, send: (typing: boolean) => Promise<unknown>) => {
    const last = () => Object.values(got.data[got.data.length - 1] ?? {})[0] as { typing: boolean } | undefined;
    await eventually(
      async () => {
        if (last()?.typing === true) return true;
        await send(true);
        return false;
      },
      10_000,
      100,
    );
    await send(false);
    await eventually(async () => last()?.typing === false);
    got.data.length = 0;
    got.at.length = 0;
  };

  it("should show the visitor the agent typing with the agent's name, and end it with the reply", async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Anyone there?');
    const live = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      WIDGET_TYPING,
      { id: conversationId },
    );
    clients.push(live.client);
    await primed(live, (typing) => agentTyping(conversationId, { typing, authorId: 'user_mia' }));

    const started = await agentTyping(conversationId, { typing: true, authorId: 'user_mia' });
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({ conversationId, typing: true, expiresInMs: TYPING.expiresAfterMs });
    await eventually(async () => live.data.length >= 1);
    expect(live.data[0].supportWidgetTyping).toEqual({
      conversationId,
      typing: true,
      senderType: 'agent',
      authorName: 'Mia Chen',
    });

    await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'Yes, Mia here', authorId: 'user_mia' },
    });
    await eventually(async () => live.data.length >= 2);
    expect(live.data[1].supportWidgetTyping).toEqual({
      conversationId,
      typing: false,
      senderType: 'agent',
      authorName: 'Mia Chen',
    });

    // Signalling as the inbox (no authorId) names the inbox.
    await agentTyping(conversationId, { typing: true });
    await eventually(async () => live.data.length >= 3);
    expect(live.data[2].supportWidgetTyping).toEqual({
      conversationId,
      typing: true,
      senderType: 'inbox',
      authorName: 'Typing help',
    });
    expect(live.errors).toEqual([]);
  });

  it("should show the agent the visitor typing, ended by the visitor's message; never stored, never on the events stream", async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'First question');
    const agent = subscribe(t.url, { authorization: `Bearer ${key}` }, AGENT_TYPING, { id: conversationId });
    const events = subscribe(t.url, { authorization: `Bearer ${key}` }, 'subscription { events { type data } }');
    clients.push(agent.client, events.client);
    await primed(agent, (typing) => visitorTyping(visitor.visitorToken, conversationId, { typing }));

    const started = await visitorTyping(visitor.visitorToken, conversationId, { typing: true });
    expect([started.status, started.body.data]).toEqual([
      200,
      { conversationId, typing: true, expiresInMs: TYPING.expiresAfterMs },
    ]);
    await eventually(async () => agent.data.length >= 1);
    expect(agent.data[0].supportConversationTyping).toEqual({ conversationId, typing: true, senderType: 'visitor' });

    const sent = await widget(t, inbox.widgetToken, visitor.visitorToken)(
      'POST',
      `conversations/${conversationId}/messages`,
      { message: 'Second question' },
    );
    expect(sent.status).toBe(201);
    await eventually(async () => agent.data.length >= 2);
    expect(agent.data[1].supportConversationTyping).toEqual({ conversationId, typing: false, senderType: 'visitor' });

    // The message reached the events stream; none of the typing signals did, nor the outbox.
    await eventually(async () =>
      events.data.some(
        (d) => d.events.type === 'message.received' && d.events.data.message?.content === 'Second question',
      ),
    );
    expect(events.data.map((d) => d.events.type)).not.toContain('support.typing');
    expect((await outbox(t, key)).map((e) => e.type)).not.toContain('support.typing');
    expect(agent.errors).toEqual([]);
  });

  it('should end a typing signal by itself when it is not renewed', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken);
    const live = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      WIDGET_TYPING,
      { id: conversationId },
    );
    clients.push(live.client);
    await primed(live, (typing) => agentTyping(conversationId, { typing, authorId: 'user_mia' }));

    await agentTyping(conversationId, { typing: true, authorId: 'user_mia' });
    // Nothing more is sent: the false comes from the expiry alone.
    await eventually(async () => live.data.length >= 2);
    expect(live.data.map((d) => d.supportWidgetTyping.typing)).toEqual([true, false]);
  });

  it("should refuse another organization, another visitor's conversation and bad bodies, delivering nothing", async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken);
    const stranger = await newConversation(t, inbox.widgetToken);
    const otherInbox = await createInbox(t, otherKey, { name: 'Elsewhere' });
    const outsider = await newConversation(t, otherInbox.widgetToken);
    const live = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      WIDGET_TYPING,
      { id: conversationId },
    );
    const agent = subscribe(t.url, { authorization: `Bearer ${key}` }, AGENT_TYPING, { id: conversationId });
    clients.push(live.client, agent.client);
    await primed(live, (typing) => agentTyping(conversationId, { typing, authorId: 'user_mia' }));
    await primed(agent, (typing) => visitorTyping(visitor.visitorToken, conversationId, { typing }));

    const refusals = [
      await agentTyping(conversationId, { typing: true }, otherKey),
      await visitorTyping(stranger.visitor.visitorToken, conversationId, { typing: true }),
      await visitorTyping(outsider.visitor.visitorToken, conversationId, { typing: true }, otherInbox.widgetToken),
      await agentTyping(conversationId, { typing: true, authorId: 'user_nobody' }),
      await agentTyping(conversationId, { typing: 'yes' }),
      await visitorTyping(visitor.visitorToken, conversationId, []),
      await visitorTyping('vt_forged', conversationId, { typing: true }),
    ];
    expect(refusals.map((r) => [r.status, r.body.error?.code])).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [400, 'VALIDATION_ERROR'],
      [400, 'VALIDATION_ERROR'],
      [400, 'VALIDATION_ERROR'],
      [401, 'UNAUTHORIZED'],
    ]);
    // Another organization's key cannot watch the conversation either.
    const spy = subscribe(t.url, { authorization: `Bearer ${otherKey}` }, AGENT_TYPING, { id: conversationId });
    clients.push(spy.client);
    await eventually(async () => spy.errors.length > 0);
    expect(JSON.stringify(spy.errors)).toContain('Conversation not found');

    // Markers sent after the refusals arrive first: nothing of the refused signals was delivered.
    const markersSentAt = Date.now();
    await agentTyping(conversationId, { typing: true, authorId: 'user_mia' });
    await visitorTyping(visitor.visitorToken, conversationId, { typing: true });
    await eventually(async () => live.data.length >= 1 && agent.data.length >= 1);
    expect(live.data[0].supportWidgetTyping).toMatchObject({ typing: true, authorName: 'Mia Chen' });
    expect(agent.data[0].supportConversationTyping).toMatchObject({ typing: true, senderType: 'visitor' });
    expect([live.at[0], agent.at[0]].every((at) => at >= markersSentAt)).toBe(true);
  });

  it('should deliver a flood of typing signals at most once per window, ending on the latest state', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken);
    const live = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      WIDGET_TYPING,
      { id: conversationId },
    );
    clients.push(live.client);
    await primed(live, (typing) => agentTyping(conversationId, { typing, authorId: 'user_mia' }));

    const floodStart = Date.now();
    const flood = 40;
    for (let i = 0; i < flood; i++)
      expect((await agentTyping(conversationId, { typing: i % 2 === 0, authorId: 'user_mia' })).status).toBe(200);
    // The last signal of the flood was false: the subscriber ends on it.
    await eventually(
      async () => live.data.length > 0 && live.data[live.data.length - 1].supportWidgetTyping.typing === false,
    );
    const afterSettling = Date.now();
    // One change right away, then at most one per window while the flood went on and until it settled.
    expect(live.data.length).toBeLessThanOrEqual(1 + Math.ceil((afterSettling - floodStart) / TYPING.minIntervalMs));
  });
});
