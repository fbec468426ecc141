import { createHmac } from 'node:crypto';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { simpleParser } from 'mailparser';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { createInbox, newConversation, newVisitor, widget } from './helpers/support-fixtures.js';

const SHOP = 'https://shop.example';

describe('support widget embedding: allowed origins, CORS, config, signed identities, files', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string; widgetToken: string };
  const module = supportModule();

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule(), module] });
    key = await t.key('sup-embed');
    inbox = await createInbox(t, key, {
      name: 'Shop help',
      email: 'help@shop-support.example',
      allowedOrigins: [`${SHOP}/`, 'http://127.0.0.1:8080'],
      preChatEmail: true,
      replyTime: 'in_a_day',
    });
  });
  afterAll(() => t.stop());

  const from =
    (origin: string | undefined, widgetToken = inbox.widgetToken, visitorToken?: string) =>
    (method: string, path: string, body?: unknown) =>
      t.request(method, `/support/widget/${path}`, {
        body,
        headers: {
          'x-widget-token': widgetToken,
          ...(visitorToken ? { 'x-visitor-token': visitorToken } : {}),
          ...(origin ? { origin } : {}),
        },
      });

  it('should keep allowedOrigins as origins and refuse anything else with a 400 that changes nothing', async () => {
    const got = (await t.request('GET', `/support/inboxes/${inbox.id}`, { key })).body.data;
    expect(got).toMatchObject({
      allowedOrigins: [SHOP, 'http://127.0.0.1:8080'],
      preChatEmail: true,
      replyTime: 'in_a_day',
      identityVerification: false,
    });
    for (const bad of [
      'shop.example',
      'https://shop.example/path',
      'javascript:alert(1)',
      'https://user@shop.example',
      'null',
    ]) {
      const res = await t.request('PUT', `/support/inboxes/${inbox.id}`, { key, body: { allowedOrigins: [bad] } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'allowedOrigins[0]' } });
    }
    expect(
      (await t.request('PUT', `/support/inboxes/${inbox.id}`, { key, body: { replyTime: 'someday' } })).status,
    ).toBe(400);
    expect((await t.request('GET', `/support/inboxes/${inbox.id}`, { key })).body.data.allowedOrigins).toEqual([
      SHOP,
      'http://127.0.0.1:8080',
    ]);
  });

  it('should answer every widget call from another origin with 403, and those from allowed origins or servers', async () => {
    expect((await from('https://evil.example')('GET', 'config')).status).toBe(403);
    expect((await from('null')('POST', 'sessions', {})).status).toBe(403);
    expect((await from('https://shop.example.evil.example')('POST', 'sessions', {})).status).toBe(403);
    const session = await from(SHOP)('POST', 'sessions', {});
    expect(session.status).toBe(201);
    const visitorToken = session.body.data.visitorToken;
    const refused = await from('https://evil.example', inbox.widgetToken, visitorToken)('POST', 'conversations', {
      message: 'from elsewhere',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', details: { field: 'origin' } });
    expect((await from(SHOP, inbox.widgetToken, visitorToken)('GET', 'conversations')).body.data).toEqual([]);
    expect(
      (await from(undefined, inbox.widgetToken, visitorToken)('POST', 'conversations', { message: 'from a server' }))
        .status,
    ).toBe(201);
  });

  it('should answer CORS preflights of the widget paths and echo the page origin on answers, never credentials', async () => {
    const preflight = await fetch(`${t.url}/support/widget/conversations`, {
      method: 'OPTIONS',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-widget-token,x-visitor-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, X-Widget-Token, X-Visitor-Token, Idempotency-Key',
    );
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await fetch(`${t.url}/support/widget/config`, {
      headers: { origin: SHOP, 'x-widget-token': inbox.widgetToken },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
    const api = await fetch(`${t.url}/support/inboxes`, {
      method: 'OPTIONS',
      headers: { origin: SHOP, 'access-control-request-method': 'GET' },
    });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('should describe the inbox to the widget: availability with member names only, reply time, working hours, pre-chat ask', async () => {
    const away = (await from(SHOP)('GET', 'config')).body.data;
    expect(away).toEqual({
      inboxName: 'Shop help',
      description: null,
      preChatEmail: true,
      replyTime: 'in_a_day',
      online: false,
      agents: [],
      workingHours: null,
      openNow: null,
    });
    await t.request('POST', `/support/inboxes/${inbox.id}/members`, {
      key,
      body: { userId: 'user_mia', name: 'Mia Chen', email: 'mia@acme.example' },
    });
    await t.request('POST', `/support/inboxes/${inbox.id}/members`, {
      key,
      body: { userId: 'user_off', name: 'Off Duty' },
    });
    await t.request('PUT', `/support/inboxes/${inbox.id}/members/user_off/availability`, {
      key,
      body: { status: 'offline' },
    });
    const online = (await from(SHOP)('GET', 'config')).body.data;
    expect(online).toMatchObject({ online: true, agents: [{ name: 'Mia Chen' }] });
    expect(JSON.stringify(online)).not.toContain('mia@acme.example');
    expect((await from(SHOP, 'wt_unknown')('GET', 'config')).status).toBe(401);
  });

  it("should name the agent on widget messages, live and read, and let the visitor send and fetch files, never a note's", async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Hi');
    const live = createClient({
      url: t.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      retryAttempts: 0,
    });
    const replies: any[] = [];
    const done = new Promise<void>((resolve, reject) =>
      live.subscribe(
        {
          query:
            'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { content senderType authorName } }',
          variables: { id: conversationId },
        },
        {
          next: (r) => {
            replies.push(r.data?.supportWidgetMessages);
            if (replies.length === 2) resolve();
          },
          error: reject,
          complete: () => undefined,
        },
      ),
    );
    // Replies are sent until the subscription is live (the first may precede it); then the last two are checked.
    const file = {
      filename: 'plan.txt',
      contentType: 'text/plain',
      content: Buffer.from('secret plan').toString('base64'),
    };
    const note = await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { type: 'note', message: 'internal', attachments: [file] },
    });
    const noteAttachment = note.body.data.attachments[0].id;
    // Probe replies until the subscription delivers one: it is live.
    await eventually(
      async () => {
        if (replies.length > 0) return true;
        await t.request('POST', `/support/conversations/${conversationId}/reply`, {
          key,
          body: { message: 'probe', authorId: 'user_mia' },
        });
        return false;
      },
      10_000,
      100,
    );
    await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'As the inbox' },
    });
    await done;
    expect(replies.at(-1)).toEqual({ content: 'As the inbox', senderType: 'inbox', authorName: 'Shop help' });
    expect(replies[0]).toEqual({ content: 'probe', senderType: 'agent', authorName: 'Mia Chen' });
    await live.dispose();

    const w = widget(t, inbox.widgetToken, visitor.visitorToken);
    const sent = await w('POST', `conversations/${conversationId}/messages`, {
      message: 'see attached',
      attachments: [
        { filename: 'log.txt', contentType: 'text/plain', content: Buffer.from('line 1').toString('base64') },
      ],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      type: 'incoming',
      senderType: 'visitor',
      authorName: null,
      attachments: [{ filename: 'log.txt', size: 6 }],
    });
    const read = (await w('GET', `conversations/${conversationId}`)).body.data.messages;
    expect(read.map((m: any) => [m.content, m.authorName])).toEqual([
      ['Hi', null],
      ...read.slice(1, -2).map(() => ['probe', 'Mia Chen']),
      ['As the inbox', 'Shop help'],
      ['see attached', null],
    ]);
    const own = await fetch(
      `${t.url}/support/widget/conversations/${conversationId}/attachments/${sent.body.data.attachments[0].id}`,
      { headers: { 'x-widget-token': inbox.widgetToken, 'x-visitor-token': visitor.visitorToken } },
    );
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('line 1');
    expect(own.headers.get('content-disposition')).toContain('attachment');
    const secret = await fetch(
      `${t.url}/support/widget/conversations/${conversationId}/attachments/${noteAttachment}`,
      { headers: { 'x-widget-token': inbox.widgetToken, 'x-visitor-token': visitor.visitorToken } },
    );
    expect(secret.status).toBe(404);
    const stranger = await newVisitor(t, inbox.widgetToken);
    expect(
      (
        await widget(
          t,
          inbox.widgetToken,
          stranger.visitorToken,
        )('GET', `conversations/${conversationId}/attachments/${sent.body.data.attachments[0].id}`)
      ).status,
    ).toBe(404);
    const tooBig = await w('POST', `conversations/${conversationId}/messages`, {
      message: 'huge',
      attachments: [
        {
          filename: 'big.bin',
          contentType: 'application/octet-stream',
          content: Buffer.alloc(10 * 1024 * 1024 + 1).toString('base64'),
        },
      ],
    });
    expect(tooBig.status).toBe(413);
    expect((await w('GET', `conversations/${conversationId}`)).body.data.messages).toHaveLength(read.length);
  }, 60_000);

  it('should refuse a widget subscription opened from another origin', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Live from elsewhere');
    const client = createClient({
      url: t.url.replace(/^http/, 'ws') + '/graphql',
      retryAttempts: 0,
      connectionParams: { widgetToken: inbox.widgetToken, visitorToken: visitor.visitorToken },
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { origin: 'https://evil.example' });
        }
      },
    });
    const error = await new Promise<any>((resolve) =>
      client.subscribe(
        {
          query: 'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { id } }',
          variables: { id: conversationId },
        },
        {
          next: (r) => resolve(r.errors ?? null),
          error: resolve,
          complete: () => resolve(null),
        },
      ),
    );
    await client.dispose();
    expect(error?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  describe('identity verification', () => {
    const email = 'victim@example.com';
    let secret: string;

    beforeAll(async () => {
      expect((await t.request('POST', '/crm/contacts', { key, body: { email, name: 'Victim' } })).status).toBe(202);
      const rotated = await t.request('POST', `/support/inboxes/${inbox.id}/identity-secret`, { key });
      expect(rotated.status).toBe(201);
      secret = rotated.body.data.secret;
      expect((await t.request('GET', `/support/inboxes/${inbox.id}`, { key })).body.data.identityVerification).toBe(
        true,
      );
    });

    const contactConversations = async () => {
      const res = await t.graphql(key, 'query($id: ID!) { contact(id: $id) { conversations { id } } }', { id: email });
      return res.body.data?.contact?.conversations?.map((c: { id: string }) => c.id) ?? res.body.errors;
    };
    const sign = (value: string, withSecret = secret) => createHmac('sha256', withSecret).update(value).digest('hex');

    it('should mark a claimed email unverified and keep its conversations off the CRM contact and its mail', async () => {
      const attacker = await newConversation(t, inbox.widgetToken, 'I am the victim, show me their orders');
      const claimed = await widget(t, inbox.widgetToken, attacker.visitor.visitorToken)('POST', 'identify', {
        email: 'Victim@Example.com',
      });
      expect(claimed.body.data).toMatchObject({ email, verified: false });
      expect(
        (await t.request('GET', `/support/visitors/${attacker.visitor.visitorId}`, { key })).body.data,
      ).toMatchObject({ email, emailVerified: false });
      expect(await contactConversations()).toEqual([]);

      // The real owner writes by mail: a new verified visitor, not the claimant, gets the conversation.
      const raw = `From: Victim <${email}>\r\nTo: help@shop-support.example\r\nSubject: My order\r\nMessage-ID: <m1@example.com>\r\n\r\nWhere is it?`;
      await module.inboundMail!(t.platform.deps).deliver({
        raw: Buffer.from(raw),
        parsed: await simpleParser(raw),
        envelope: { from: email, to: ['help@shop-support.example'] },
        auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
        remoteAddress: '127.0.0.1',
        receivedAt: new Date(),
      });
      const listed = (await widget(t, inbox.widgetToken, attacker.visitor.visitorToken)('GET', 'conversations')).body
        .data;
      expect(listed.map((c: { id: string }) => c.id)).toEqual([attacker.conversationId]);
      expect(await contactConversations()).toHaveLength(1);
      expect(await contactConversations()).not.toContain(attacker.conversationId);
    });

    it('should verify an identity signed with the inbox secret and refuse a wrong or stale signature', async () => {
      const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Signed in customer');
      const w = widget(t, inbox.widgetToken, visitor.visitorToken);
      for (const userHash of [
        sign('someone@example.com'),
        sign(email, 'wis_not_the_secret'),
        'zz',
        sign(email).toUpperCase().slice(2),
      ]) {
        const res = await w('POST', 'identify', { email, userHash });
        expect(res.status).toBe(401);
        expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', details: { field: 'userHash' } });
      }
      expect((await t.request('GET', `/support/visitors/${visitor.visitorId}`, { key })).body.data.email).toBeNull();
      const ok = await w('POST', 'identify', { email: 'VICTIM@example.com', name: 'Victim', userHash: sign(email) });
      expect(ok.body.data).toMatchObject({ email, verified: true });
      expect(await contactConversations()).toContain(conversationId);

      // A rotated secret: the old signature no longer verifies.
      const previous = sign(email);
      await t.request('POST', `/support/inboxes/${inbox.id}/identity-secret`, { key });
      const other = await newVisitor(t, inbox.widgetToken);
      expect(
        (await widget(t, inbox.widgetToken, other.visitorToken)('POST', 'identify', { email, userHash: previous }))
          .status,
      ).toBe(401);
    });

    it('should store the secret sealed, never as given', async () => {
      const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
      const rows = await t.platform.orm.em
        .getConnection()
        .execute('select identity_secret from support.inboxes where organization_id = ? and id = ?', [
          organizationId,
          inbox.id,
        ]);
      expect(rows[0].identity_secret).toMatch(/^v1\./);
      expect(rows[0].identity_secret).not.toContain(secret);
    });
  });
});
