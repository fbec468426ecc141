import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { createInbox, newConversation, newVisitor, outbox, widget } from './helpers/support-fixtures.js';

describe('support visitors and companies through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  let inbox: { id: string; widgetToken: string };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ contactConversations: false })] });
    key = await t.key('sup-vis');
    other = await t.key('sup-vis-other');
    inbox = await createInbox(t, key, { name: 'Visitors' });
  });
  afterAll(() => t.stop());

  it('should record sessions and events, identify the visitor and emit visitor.identified and visitor.updated', async () => {
    const visitor = await newVisitor(t, inbox.widgetToken);
    const w = widget(t, inbox.widgetToken, visitor.visitorToken);
    expect(
      (await w('POST', 'events', { name: 'viewed_pricing', properties: { plan: 'pro' }, sessionId: visitor.sessionId }))
        .status,
    ).toBe(201);
    const again = await widget(t, inbox.widgetToken, visitor.visitorToken)('POST', 'sessions', {
      pageUrl: 'https://shop.example/checkout',
    });
    expect(again.body.data).toMatchObject({ visitorId: visitor.visitorId, visitorToken: visitor.visitorToken });
    const identified = await w('POST', 'identify', { email: 'Ada@Example.com', name: 'Ada' });
    expect(identified.body.data).toEqual({
      visitorId: visitor.visitorId,
      email: 'ada@example.com',
      name: 'Ada',
      verified: false,
    });

    const profile = await t.request('GET', `/support/visitors/${visitor.visitorId}`, { key });
    expect(profile.body.data).toMatchObject({
      id: visitor.visitorId,
      name: 'Ada',
      email: 'ada@example.com',
      identified: true,
      inboxId: inbox.id,
      attributes: {},
    });
    const sessions = await t.request('GET', `/support/visitors/${visitor.visitorId}/sessions`, { key });
    expect(sessions.body.data.map((s: any) => s.pageUrl)).toEqual([
      'https://shop.example/checkout',
      'https://shop.example/pricing',
    ]);
    const events = await t.request('GET', `/support/visitors/${visitor.visitorId}/events`, { key });
    expect(events.body.data).toEqual([
      expect.objectContaining({ name: 'viewed_pricing', properties: { plan: 'pro' }, sessionId: visitor.sessionId }),
    ]);
    const emitted = (await outbox(t, key)).filter(
      (e) => e.data.visitorId === visitor.visitorId && e.type.startsWith('visitor.'),
    );
    expect(emitted.map((e) => e.type)).toEqual(['visitor.identified', 'visitor.updated']);
    expect(emitted[0]!.data).toMatchObject({ visitorId: visitor.visitorId, email: 'ada@example.com', name: 'Ada' });
  });

  it('should refuse widget calls without valid tokens', async () => {
    const visitor = await newVisitor(t, inbox.widgetToken);
    expect((await widget(t, 'wt_nope')('POST', 'sessions', {})).status).toBe(401);
    const noVisitor = await widget(t, inbox.widgetToken)('POST', 'conversations', { message: 'hi' });
    expect([noVisitor.status, noVisitor.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(
      (await widget(t, inbox.widgetToken, 'vt_forged')('POST', 'identify', { email: 'x@example.com' })).status,
    ).toBe(401);
    expect(
      (await widget(t, inbox.widgetToken, visitor.visitorToken)('POST', 'identify', { email: 'nope' })).status,
    ).toBe(400);
    const other = await createInbox(t, key, { name: 'Other widget' });
    const mine = await newConversation(t, inbox.widgetToken);
    // Visitors belong to the organization; a conversation belongs to one inbox: another inbox's widget does not find it.
    expect(
      (await widget(t, other.widgetToken, mine.visitor.visitorToken)('GET', `conversations/${mine.conversationId}`))
        .status,
    ).toBe(404);
    expect(
      (await widget(t, inbox.widgetToken, visitor.visitorToken)('GET', `conversations/${mine.conversationId}`)).status,
    ).toBe(404);
    const limited = await widget(t, inbox.widgetToken, visitor.visitorToken)('GET', 'conversations');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('should list visitors by search, identified and company, update them and link a company', async () => {
    const a = await newVisitor(t, inbox.widgetToken);
    const upd = await t.request('PUT', `/support/visitors/${a.visitorId}`, {
      key,
      body: { name: 'Grace Hopper', email: 'grace@navy.example', attributes: { plan: 'pro', seats: 3 } },
    });
    expect(upd.body.data).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      identified: true,
      attributes: { plan: 'pro', seats: 3 },
    });
    const merged = await t.request('PUT', `/support/visitors/${a.visitorId}`, {
      key,
      body: { attributes: { seats: null, tier: 'gold' } },
    });
    expect(merged.body.data.attributes).toEqual({ plan: 'pro', tier: 'gold' });
    expect((await t.request('PUT', `/support/visitors/${a.visitorId}`, { key, body: { email: 'bad' } })).status).toBe(
      400,
    );
    expect(
      (await t.request('PUT', `/support/visitors/${a.visitorId}`, { key, body: { attributes: 'x' } })).status,
    ).toBe(400);

    const company = await t.request('POST', '/support/companies', {
      key,
      body: {
        id: 'navy',
        name: 'US Navy',
        website: 'https://navy.example',
        industry: 'Defense',
        attributes: { size: 'large' },
      },
    });
    expect(company.status).toBe(201);
    expect(company.body.data).toMatchObject({
      id: 'navy',
      name: 'US Navy',
      website: 'https://navy.example',
      industry: 'Defense',
      attributes: { size: 'large' },
    });
    expect(
      (await t.request('PUT', `/support/visitors/${a.visitorId}/company`, { key, body: { companyId: 'nope' } })).status,
    ).toBe(400);
    const linked = await t.request('PUT', `/support/visitors/${a.visitorId}/company`, {
      key,
      body: { companyId: 'navy' },
    });
    expect(linked.body.data.companyId).toBe('navy');

    const search = await t.request('GET', '/support/visitors?search=hopper', { key });
    expect(search.body.data.map((v: any) => v.id)).toEqual([a.visitorId]);
    expect(
      (await t.request('GET', '/support/visitors?companyId=navy', { key })).body.data.map((v: any) => v.id),
    ).toEqual([a.visitorId]);
    const anonymous = await t.request('GET', '/support/visitors?identified=false', { key });
    expect(anonymous.body.data.every((v: any) => !v.identified)).toBe(true);
    expect(
      (await t.request('GET', '/support/visitors?identified=true', { key })).body.data.every((v: any) => v.identified),
    ).toBe(true);
    expect((await t.request('GET', '/support/visitors?identified=maybe', { key })).status).toBe(400);
    expect((await t.request('GET', '/support/visitors', { key: other })).body.meta.total).toBe(0);
    expect((await t.request('GET', `/support/visitors/${a.visitorId}`, { key: other })).status).toBe(404);
  });

  it('should keep company ids unique per organization (409) and give users, conversations, stats and notes', async () => {
    const dup = await t.request('POST', '/support/companies', { key, body: { id: 'acme', name: 'Acme' } });
    expect(dup.status).toBe(201);
    expect(
      (await t.request('POST', '/support/companies', { key, body: { id: 'acme', name: 'Acme again' } })).status,
    ).toBe(409);
    expect(
      (await t.request('POST', '/support/companies', { key: other, body: { id: 'acme', name: 'Other Acme' } })).status,
    ).toBe(201);
    expect(
      (await t.request('POST', '/support/companies', { key, body: { id: 'a/b', name: 'Slash' } })).body.error.details
        .field,
    ).toBe('id');
    expect(
      (
        await t.request('POST', '/support/companies', {
          key,
          body: { id: 'w', name: 'W', website: 'javascript:alert(1)' },
        })
      ).body.error.details.field,
    ).toBe('website');

    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken);
    await t.request('PUT', `/support/visitors/${visitor.visitorId}/company`, { key, body: { companyId: 'acme' } });
    const users = await t.request('GET', '/support/companies/acme/users', { key });
    expect(users.body.data.map((v: any) => v.id)).toEqual([visitor.visitorId]);
    const conversations = await t.request('GET', '/support/companies/acme/conversations', { key });
    expect(conversations.body.data.map((c: any) => c.id)).toEqual([conversationId]);
    const note = await t.request('POST', '/support/companies/acme/notes', { key, body: { content: 'Renewal in May' } });
    expect(note.status).toBe(201);
    expect(note.body.data).toMatchObject({
      id: expect.stringMatching(/^note_/),
      companyId: 'acme',
      content: 'Renewal in May',
    });
    expect((await t.request('POST', '/support/companies/acme/notes', { key, body: { content: '' } })).status).toBe(400);
    const stats = await t.request('GET', '/support/companies/acme/stats', { key });
    expect(stats.body.data).toMatchObject({
      companyId: 'acme',
      users: 1,
      conversations: 1,
      open: 1,
      resolved: 0,
      notes: 1,
      lastActivityAt: expect.any(String),
    });
    const updated = await t.request('PUT', '/support/companies/acme', { key, body: { industry: 'Retail' } });
    expect(updated.body.data).toMatchObject({ id: 'acme', name: 'Acme', industry: 'Retail' });
    expect(
      (await t.request('GET', '/support/companies?industry=retail', { key })).body.data.map((c: any) => c.id),
    ).toEqual(['acme']);
    expect((await t.request('GET', '/support/companies?search=acm', { key })).body.meta.total).toBe(1);
    expect((await t.request('DELETE', '/support/companies/acme', { key })).body).toEqual({
      data: { id: 'acme', deleted: true },
    });
    expect((await t.request('GET', `/support/visitors/${visitor.visitorId}`, { key })).body.data.companyId).toBeNull();
    expect((await t.request('GET', '/support/companies/acme', { key })).status).toBe(404);
    expect((await t.request('GET', '/support/companies/acme', { key: other })).body.data.name).toBe('Other Acme');
  });

  it('should export everything held about a visitor, then anonymize irreversibly and idempotently', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'My card 4111 is broken');
    const w = widget(t, inbox.widgetToken, visitor.visitorToken);
    await w('POST', 'identify', { email: 'leak@example.com', name: 'Leaky' });
    await w('POST', 'events', { name: 'clicked', properties: { secret: 'x' } });
    await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'We will help' },
    });
    await t.request('PUT', `/support/visitors/${visitor.visitorId}`, {
      key,
      body: { attributes: { phone: '+49 30 1234' } },
    });

    const exported = await t.request('GET', `/support/visitors/${visitor.visitorId}/export`, { key });
    expect(exported.status).toBe(200);
    expect(exported.body.data).toMatchObject({
      visitor: {
        id: visitor.visitorId,
        name: 'Leaky',
        email: 'leak@example.com',
        attributes: { phone: '+49 30 1234' },
      },
      sessions: [{ pageUrl: 'https://shop.example/pricing', userAgent: 'Jest' }],
      events: [{ name: 'clicked', properties: { secret: 'x' } }],
      conversations: [
        {
          id: conversationId,
          messages: [
            { type: 'incoming', content: 'My card 4111 is broken' },
            { type: 'reply', content: 'We will help' },
          ],
        },
      ],
      exportedAt: expect.any(String),
    });

    const first = await t.request('POST', `/support/visitors/${visitor.visitorId}/anonymize`, { key });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      name: null,
      email: null,
      attributes: {},
      identified: false,
      anonymizedAt: expect.any(String),
    });
    const second = await t.request('POST', `/support/visitors/${visitor.visitorId}/anonymize`, { key });
    expect(second.body.data.anonymizedAt).toBe(first.body.data.anonymizedAt);
    const after = (await t.request('GET', `/support/visitors/${visitor.visitorId}/export`, { key })).body.data;
    expect(after.conversations[0].messages.map((m: any) => m.content)).toEqual(['[redacted]', 'We will help']);
    expect(after.sessions[0]).toMatchObject({ pageUrl: null, referrer: null, userAgent: null });
    expect(after.events[0].properties).toEqual({});
    expect((await w('GET', `conversations/${conversationId}`)).status).toBe(401);
    const updates = (await outbox(t, key, 'visitor.updated')).filter(
      (e) => e.data.visitorId === visitor.visitorId && e.data.changes.includes('anonymized'),
    );
    expect(updates).toHaveLength(1);
  });

  it('should delete a visitor with its conversations', async () => {
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken);
    expect((await t.request('DELETE', `/support/visitors/${visitor.visitorId}`, { key: other })).status).toBe(404);
    expect((await t.request('DELETE', `/support/visitors/${visitor.visitorId}`, { key })).body).toEqual({
      data: { id: visitor.visitorId, deleted: true },
    });
    expect((await t.request('GET', `/support/visitors/${visitor.visitorId}`, { key })).status).toBe(404);
    expect((await t.request('GET', `/support/conversations/${conversationId}`, { key })).status).toBe(404);
    expect((await t.request('GET', `/support/visitors/${visitor.visitorId}/conversations`, { key })).status).toBe(404);
  });
});
