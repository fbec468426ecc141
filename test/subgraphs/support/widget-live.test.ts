import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { addMember, createInbox, newConversation } from './helpers/support-fixtures.js';

/** A real graphql-ws client running one subscription; collects its results. */
function subscribe(
  url: string,
  connectionParams: Record<string, unknown>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const got: { data: any[]; errors: unknown[]; closed?: number; client: Client } = {
    data: [],
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
  got.client.on('closed', (e) => (got.closed = (e as { code: number }).code));
  got.client.subscribe(
    { query, variables },
    {
      next: (r) => (r.errors ? got.errors.push(...r.errors) : got.data.push(r.data)),
      error: (e) => got.errors.push(e),
      complete: () => undefined,
    },
  );
  return got;
}

describe('support widget live over graphql-ws, and support webhooks', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string; widgetToken: string };
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestPlatform(
      { WEBHOOK_ALLOW_PRIVATE: 'true' },
      { modules: [webhooksModule(), supportModule({ contactConversations: false })] },
    );
    key = await t.key('sup-live');
    inbox = await createInbox(t, key, { name: 'Live' });
    await addMember(t, key, inbox.id, 'user_agent');
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await t.stop();
  });

  /** Writes probe events, one per 100 ms, until the subscriber has one: its subscription is live. */
  const primed = async (got: { data: any[] }, type: string, data: Record<string, unknown>) => {
    const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    let n = 0;
    await eventually(
      async () => {
        await t.platform.orm.em
          .getConnection()
          .execute(
            "insert into platform.events (id, organization_id, type, data, created_at) values (?, ?, ?, ?::jsonb, now()); select pg_notify('platform_events', '')",
            [`evt_probe_${Date.now()}_${n++}`, organizationId, type, JSON.stringify(data)],
          );
        return got.data.length > 0;
      },
      10_000,
      100,
    );
  };

  it('should show the agent the visitor message live, and the widget the agent replies but never the notes', async () => {
    const agent = subscribe(
      t.url,
      { authorization: `Bearer ${key}` },
      'subscription { events(types: ["message.received"]) { id type data } }',
    );
    clients.push(agent.client);
    await primed(agent, 'message.received', { probe: true });

    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Is anyone there?');
    await eventually(async () => agent.data.some((d) => d.events.data.conversationId === conversationId));
    const received = agent.data.find((d) => d.events.data.conversationId === conversationId).events;
    expect(received).toMatchObject({
      type: 'message.received',
      data: {
        conversationId,
        inboxId: inbox.id,
        visitorId: visitor.visitorId,
        message: { type: 'incoming', content: 'Is anyone there?' },
      },
    });

    const live = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { id conversationId type content createdAt } }',
      { id: conversationId },
    );
    clients.push(live.client);
    await primed(live, 'message.sent', {
      conversationId,
      message: {
        id: 'msg_probe',
        conversationId,
        type: 'reply',
        content: 'probe',
        attachments: [],
        createdAt: new Date().toISOString(),
      },
    });

    const reply = await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'Yes, how can I help?', authorId: 'user_agent' },
    });
    await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'internal: looks like a bot', type: 'note' },
    });
    const second = await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'Still there?' },
    });
    // Events reach the widget in the order they were written: a note, had it been sent, would be the second of them.
    // Probes written before the subscription was seen live may still arrive: they are not the widget's messages.
    const messages = () => live.data.map((d) => d.supportWidgetMessages).filter((m) => m.id !== 'msg_probe');
    await eventually(async () => messages().length >= 2);
    expect(messages()).toEqual([
      {
        id: reply.body.data.id,
        conversationId,
        type: 'reply',
        content: 'Yes, how can I help?',
        createdAt: expect.any(String),
      },
      {
        id: second.body.data.id,
        conversationId,
        type: 'reply',
        content: 'Still there?',
        createdAt: expect.any(String),
      },
    ]);
    expect(live.errors).toEqual([]);
  });

  it("should refuse the widget subscription with wrong tokens or another visitor's conversation, and keyless connections everything else", async () => {
    const { conversationId } = await newConversation(t, inbox.widgetToken);
    const stranger = await newConversation(t, inbox.widgetToken);
    const query = 'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { id } }';
    const forged = subscribe(t.url, { widgetToken: inbox.widgetToken, visitorToken: 'vt_forged' }, query, {
      id: conversationId,
    });
    const foreign = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: stranger.visitor.visitorToken },
      query,
      { id: conversationId },
    );
    const events = subscribe(
      t.url,
      { widgetToken: inbox.widgetToken, visitorToken: stranger.visitor.visitorToken },
      'subscription { events { id } }',
    );
    const noKey = subscribe(t.url, {}, 'subscription { events { id } }');
    clients.push(forged.client, foreign.client, events.client, noKey.client);
    await eventually(
      async () =>
        forged.errors.length > 0 && foreign.errors.length > 0 && events.errors.length > 0 && noKey.closed !== undefined,
    );
    expect(JSON.stringify(forged.errors)).toContain('X-Visitor-Token');
    expect(JSON.stringify(foreign.errors)).toContain('Conversation not found');
    expect(JSON.stringify(events.errors)).toContain('Missing API key');
    expect(noKey.closed).toBe(4401);
  });

  it('should mount support webhooks on the shared engine: optional secret, logs of delivery attempts, DELETE', async () => {
    const received: { headers: Record<string, unknown>; body: any }[] = [];
    const receiver: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const created = await t.request('POST', '/support/webhooks', {
        key,
        body: { url, events: ['conversation.created', 'message.received'] },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        id: expect.stringMatching(/^wh_/),
        url,
        events: ['conversation.created', 'message.received'],
        secret: expect.any(String),
      });
      const own = await t.request('POST', '/support/webhooks', {
        key,
        body: { url, events: ['visitor.updated'], secret: 'my-own-secret-1234567890' },
      });
      expect(own.body.data.secret).toBe('my-own-secret-1234567890');
      const wrong = await t.request('POST', '/support/webhooks', { key, body: { url, events: ['email.sent'] } });
      expect([wrong.status, wrong.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);

      const { conversationId } = await newConversation(t, inbox.widgetToken, 'hook me');
      await eventually(async () => received.filter((r) => r.body.data.conversationId === conversationId).length === 2);
      expect(
        received
          .filter((r) => r.body.data.conversationId === conversationId)
          .map((r) => r.body.type)
          .sort(),
      ).toEqual(['conversation.created', 'message.received']);
      const logs = await t.request('GET', `/support/webhooks/${created.body.data.id}/logs`, { key });
      expect(logs.status).toBe(200);
      expect(logs.body.data.length).toBeGreaterThanOrEqual(2);
      expect(logs.body.data[0]).toMatchObject({ webhookId: created.body.data.id, status: 'SUCCESS' });
      const list = await t.request('GET', '/support/webhooks', { key });
      expect(list.body.data.map((w: any) => w.id).sort()).toEqual([created.body.data.id, own.body.data.id].sort());
      const deleted = await t.request('DELETE', `/support/webhooks/${own.body.data.id}`, { key });
      expect(deleted.status).toBe(200);
      expect((await t.request('GET', `/support/webhooks/${own.body.data.id}`, { key })).status).toBe(404);
      const noScope = await t.key('sup-live-noscope', 'SERVER', ['crm']);
      expect((await t.request('GET', '/support/webhooks', { key: noScope })).status).toBe(403);
    } finally {
      receiver.close();
    }
  });

  it('should serve the widget demo page embedding the real script, and the script itself', async () => {
    const res = await fetch(`${t.url}/support/widget/demo?widgetToken=${inbox.widgetToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(`<script src="/support/widget.js" data-widget-token="${inbox.widgetToken}" async></script>`);
    expect(html).not.toMatch(/<link[^>]+href=|https?:\/\//);
    const hostile = await (
      await fetch(`${t.url}/support/widget/demo?widgetToken=${encodeURIComponent('"><script>alert(1)</script>')}`)
    ).text();
    expect(hostile).not.toContain('<script>alert(1)');
    const script = await fetch(`${t.url}/support/widget.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await script.text()).toContain('window.PlatformChat');
    const again = await fetch(`${t.url}/support/widget.js`, {
      headers: { 'if-none-match': script.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});
