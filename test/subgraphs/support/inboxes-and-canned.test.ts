import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { addMember, createInbox, newConversation, newVisitor, widget } from './helpers/support-fixtures.js';

describe('support inboxes, members and canned responses through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ contactConversations: false })] });
    key = await t.key('sup-inbox');
    other = await t.key('sup-inbox-other');
  });
  afterAll(() => t.stop());

  it('should create, read, update, list and delete inboxes with a widget token', async () => {
    const created = await t.request('POST', '/support/inboxes', {
      key,
      body: {
        name: 'Billing',
        description: 'Money questions',
        email: 'Billing@Acme.example',
        workingHours: { timezone: 'Europe/Berlin', hours: [{ day: 'MONDAY', startTime: '09:00', endTime: '17:00' }] },
      },
    });
    expect(created.status).toBe(201);
    const inbox = created.body.data;
    expect(inbox).toEqual({
      id: expect.stringMatching(/^inbox_/),
      name: 'Billing',
      description: 'Money questions',
      email: 'billing@acme.example',
      widgetToken: expect.stringMatching(/^wt_/),
      workingHours: { timezone: 'Europe/Berlin', hours: [{ day: 'MONDAY', startTime: '09:00', endTime: '17:00' }] },
      allowedOrigins: null,
      identityVerification: false,
      preChatEmail: false,
      replyTime: 'in_a_few_hours',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.request('GET', `/support/inboxes/${inbox.id}`, { key })).body.data).toEqual(inbox);
    const updated = await t.request('PUT', `/support/inboxes/${inbox.id}`, {
      key,
      body: { description: null, name: 'Billing EU' },
    });
    expect(updated.body.data).toMatchObject({ name: 'Billing EU', description: null, email: 'billing@acme.example' });
    const taken = await t.request('POST', '/support/inboxes', {
      key: other,
      body: { name: 'Copy', email: 'billing@acme.example' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CONFLICT');
    const list = await t.request('GET', '/support/inboxes', { key });
    expect(list.body.meta).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect((await t.request('GET', '/support/inboxes', { key: other })).body.meta.total).toBe(0);
    expect((await t.request('GET', `/support/inboxes/${inbox.id}`, { key: other })).status).toBe(404);
    const removed = await t.request('DELETE', `/support/inboxes/${inbox.id}`, { key });
    expect(removed.body).toEqual({ data: { id: inbox.id, deleted: true } });
    expect((await t.request('GET', `/support/inboxes/${inbox.id}`, { key })).status).toBe(404);
  });

  it('should refuse bad inbox bodies and change nothing', async () => {
    const bad: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x', email: 'not-an-email' }, 'email'],
      [{ name: 'x', workingHours: { timezone: 'Mars/Base', hours: [] } }, 'workingHours.timezone'],
      [
        {
          name: 'x',
          workingHours: { timezone: 'UTC', hours: [{ day: 'FUNDAY', startTime: '09:00', endTime: '10:00' }] },
        },
        'workingHours.hours[0].day',
      ],
      [
        {
          name: 'x',
          workingHours: { timezone: 'UTC', hours: [{ day: 'MONDAY', startTime: '18:00', endTime: '10:00' }] },
        },
        'workingHours.hours[0].endTime',
      ],
    ];
    for (const [body, field] of bad) {
      const res = await t.request('POST', '/support/inboxes', { key: other, body });
      expect([res.status, res.body.error.code, res.body.error.details?.field]).toEqual([
        400,
        'VALIDATION_ERROR',
        field,
      ]);
    }
    expect((await t.request('GET', '/support/inboxes', { key: other })).body.meta.total).toBe(0);
  });

  it('should manage members (user_ ids, roles, availability) and assign new conversations round-robin among available ones', async () => {
    const inbox = await createInbox(t, key, { name: 'Round robin' });
    const alice = await t.request('POST', `/support/inboxes/${inbox.id}/members`, {
      key,
      body: { userId: 'user_alice', role: 'admin', name: 'Alice' },
    });
    expect(alice.status).toBe(201);
    expect(alice.body.data).toMatchObject({
      userId: 'user_alice',
      inboxId: inbox.id,
      role: 'admin',
      status: 'available',
      name: 'Alice',
    });
    await addMember(t, key, inbox.id, 'user_bob');
    await addMember(t, key, inbox.id, 'user_carol');
    expect(
      (await t.request('POST', `/support/inboxes/${inbox.id}/members`, { key, body: { userId: 'user_bob' } })).status,
    ).toBe(409);
    expect(
      (await t.request('POST', `/support/inboxes/${inbox.id}/members`, { key, body: { userId: 'bob' } })).body.error
        .details.field,
    ).toBe('userId');
    expect(
      (
        await t.request('POST', `/support/inboxes/${inbox.id}/members`, {
          key,
          body: { userId: 'user_dan', role: 'owner' },
        })
      ).body.error.details.field,
    ).toBe('role');

    const busy = await t.request('PUT', `/support/inboxes/${inbox.id}/members/user_carol/availability`, {
      key,
      body: { status: 'busy' },
    });
    expect(busy.body.data.status).toBe('busy');
    expect(
      (
        await t.request('PUT', `/support/inboxes/${inbox.id}/members/user_carol/availability`, {
          key,
          body: { status: 'away' },
        })
      ).status,
    ).toBe(400);

    const assignees = [];
    for (let i = 0; i < 4; i++) {
      const { conversationId } = await newConversation(t, inbox.widgetToken);
      assignees.push(
        (await t.request('GET', `/support/conversations/${conversationId}`, { key })).body.data.assigneeId,
      );
    }
    expect(assignees).toEqual(['user_alice', 'user_bob', 'user_alice', 'user_bob']);

    const members = await t.request('GET', `/support/inboxes/${inbox.id}/members`, { key });
    expect(members.body.data.map((m: any) => [m.userId, m.status])).toEqual([
      ['user_alice', 'available'],
      ['user_bob', 'available'],
      ['user_carol', 'busy'],
    ]);
    expect(members.body.meta.total).toBe(3);

    for (const user of ['user_alice', 'user_bob'])
      await t.request('PUT', `/support/inboxes/${inbox.id}/members/${user}/availability`, {
        key,
        body: { status: 'offline' },
      });
    const { conversationId } = await newConversation(t, inbox.widgetToken);
    expect(
      (await t.request('GET', `/support/conversations/${conversationId}`, { key })).body.data.assigneeId,
    ).toBeNull();

    const stats = await t.request('GET', `/support/inboxes/${inbox.id}/stats`, { key });
    expect(stats.body.data).toEqual({
      inboxId: inbox.id,
      total: 5,
      open: 5,
      pending: 0,
      snoozed: 0,
      resolved: 0,
      closed: 0,
      unassigned: 1,
      members: 3,
      membersAvailable: 0,
    });

    const removed = await t.request('DELETE', `/support/inboxes/${inbox.id}/members/user_carol`, { key });
    expect(removed.body).toEqual({ data: { id: 'user_carol', deleted: true } });
    expect((await t.request('DELETE', `/support/inboxes/${inbox.id}/members/user_carol`, { key })).status).toBe(404);
  });

  it('should keep canned response shortcuts unique per organization and rank the search', async () => {
    const create = (k: string, body: unknown) => t.request('POST', '/support/canned-responses', { key: k, body });
    const refund = await create(key, {
      title: 'Refund policy',
      shortcut: 'refund',
      content: 'Refunds take 5 days, {{visitor.name}}.',
    });
    expect(refund.status).toBe(201);
    expect(refund.body.data).toMatchObject({ id: expect.stringMatching(/^canned_/), shortcut: 'refund' });
    expect((await create(key, { title: 'Dup', shortcut: 'REFUND', content: 'x' })).status).toBe(409);
    expect((await create(other, { title: 'Other org', shortcut: 'refund', content: 'x' })).status).toBe(201);
    await create(key, { title: 'Late', shortcut: 'late-refund', content: 'Your refund is late' });
    await create(key, { title: 'Shipping', shortcut: 'ship', content: 'We ship refunds by mail' });
    await create(key, { title: 'Hello', shortcut: 'hello', content: 'Hi there' });
    const search = await t.request('GET', '/support/canned-responses?search=refund', { key });
    expect(search.body.data.map((c: any) => c.shortcut)).toEqual(['refund', 'late-refund', 'ship']);
    expect(search.body.meta).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect((await create(key, { title: 'Bad', shortcut: 'has space', content: 'x' })).body.error.details.field).toBe(
      'shortcut',
    );
    const id = refund.body.data.id;
    const updated = await t.request('PUT', `/support/canned-responses/${id}`, { key, body: { title: 'Refunds' } });
    expect(updated.body.data).toMatchObject({ title: 'Refunds', shortcut: 'refund' });
    expect(
      (await t.request('PUT', `/support/canned-responses/${id}`, { key, body: { shortcut: 'hello' } })).status,
    ).toBe(409);
    expect((await t.request('GET', `/support/canned-responses/${id}`, { key: other })).status).toBe(404);
    expect((await t.request('DELETE', `/support/canned-responses/${id}`, { key })).body).toEqual({
      data: { id, deleted: true },
    });
    expect((await t.request('GET', `/support/canned-responses/${id}`, { key })).status).toBe(404);
  });

  it('should refuse content that is not Liquid when a canned response is written, with where Liquid stopped, storing nothing', async () => {
    const content = 'Hello {{ visitor.name }},\n{% if agent.name %}I am {{ agent.name }}';
    const created = await t.request('POST', '/support/canned-responses', {
      key,
      body: { title: 'Broken', shortcut: 'broken', content },
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^content is not a valid Liquid template \(line 2, column 1\): /),
      details: { field: 'content', received: content, expected: 'a Liquid template', line: 2, column: 1 },
    });
    expect((await t.request('GET', '/support/canned-responses?search=broken', { key })).body.data).toEqual([]);

    const good = await t.request('POST', '/support/canned-responses', {
      key,
      body: { title: 'Fine', shortcut: 'fine', content: 'Hi {{ visitor.name }}' },
    });
    expect(good.status).toBe(201);
    const update = await t.request('PUT', `/support/canned-responses/${good.body.data.id}`, {
      key,
      body: { title: 'Renamed', content: '{{ visitor.name ' },
    });
    expect(update.status).toBe(400);
    expect(update.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'content', line: 1 } });
    expect((await t.request('GET', `/support/canned-responses/${good.body.data.id}`, { key })).body.data).toMatchObject(
      { title: 'Fine', content: 'Hi {{ visitor.name }}' },
    );
  });

  it('should render a canned response with Liquid: HTML-escaped values, unknown variables empty, hostile templates harmless', async () => {
    const inbox = await createInbox(t, key, { name: 'Liquid <Inbox>' });
    await addMember(t, key, inbox.id, 'user_agent', { name: 'Agent "Smith"' });
    const visitor = await newVisitor(t, inbox.widgetToken);
    const w = widget(t, inbox.widgetToken, visitor.visitorToken);
    await w('POST', 'identify', { email: 'eve@example.com', name: '<script>alert(1)</script>' });
    const conversation = (await w('POST', 'conversations', { message: 'hi' })).body.data.id;
    const canned = await t.request('POST', '/support/canned-responses', {
      key,
      body: {
        title: 'Greet',
        shortcut: 'greet',
        content:
          'Hi {{visitor.name}} ({{visitor.email}}), {{agent.name}} of {{inbox.name}} here about {{conversation.id}}.{{ visitor.secret }}{{ nope.deep.path }}',
      },
    });
    const reply = await t.request('POST', `/support/conversations/${conversation}/reply`, {
      key,
      body: { cannedResponseId: canned.body.data.id, authorId: 'user_agent' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.content).toBe(
      `Hi &lt;script&gt;alert(1)&lt;/script&gt; (eve@example.com), Agent &#34;Smith&#34; of Liquid &lt;Inbox&gt; here about ${conversation}.`,
    );
    expect(reply.body.data.cannedResponseId).toBe(canned.body.data.id);

    const hostile = await t.request('POST', '/support/canned-responses', {
      key,
      body: {
        title: 'Hostile',
        shortcut: 'hostile',
        content: '{% include "/etc/passwd" %}{% for i in (1..100000000) %}x{% endfor %}',
      },
    });
    const res = await t.request('POST', `/support/conversations/${conversation}/reply`, {
      key,
      body: { cannedResponseId: hostile.body.data.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.content).not.toContain('root:');
    expect(res.body.data.content.length).toBeLessThan(200);
    const unknown = await t.request('POST', `/support/conversations/${conversation}/reply`, {
      key,
      body: { cannedResponseId: 'canned_nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.field).toBe('cannedResponseId');
  });
});
