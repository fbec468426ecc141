import { startTestPlatform, eventually, type TestPlatform } from '../../../helpers/test-platform.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const TEMPLATE_ID = expect.stringMatching(/^tpl_[0-9a-z]{26}$/);

const welcome = {
  name: 'Welcome',
  alias: 'welcome-v1',
  subject: 'Welcome, {{ name }}',
  htmlBody: '<p>Hello {{ name }}, your plan is {{ plan.tier }}</p>',
  textBody: 'Hello {{ name }}',
};

describe('email templates through the stack', () => {
  let t: TestPlatform;
  // Each block below runs as its own organization, so one block's requests never count against another's rate limits.
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(() => t.stop());

  const create = (body: unknown, k = key) => t.request('POST', '/emails/templates', { key: k, body });

  describe('POST /emails/templates', () => {
    beforeAll(async () => {
      key = await t.key('tpl-create');
    });

    it('should create a template and answer 201 with the whole template', async () => {
      const res = await create(welcome);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        data: { id: TEMPLATE_ID, ...welcome, active: true, createdAt: ISO, updatedAt: ISO },
      });
    });

    it('should accept a template with a text body only and no alias', async () => {
      const res = await create({ name: 'Plain', subject: 'Plain', textBody: 'just text' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Plain', alias: null, htmlBody: null, textBody: 'just text' });
    });

    it.each([
      ['a missing name', { subject: 's', htmlBody: 'h' }, { field: 'name', received: null }],
      ['a blank name', { name: '   ', subject: 's', htmlBody: 'h' }, { field: 'name', received: '   ' }],
      [
        'a name over 200 characters',
        { name: 'n'.repeat(201), subject: 's', htmlBody: 'h' },
        { field: 'name', received: 'n'.repeat(201) },
      ],
      ['a missing subject', { name: 'n', htmlBody: 'h' }, { field: 'subject', received: null }],
      [
        'a subject over 998 characters',
        { name: 'n', subject: 's'.repeat(999), htmlBody: 'h' },
        { field: 'subject', received: 's'.repeat(999) },
      ],
      [
        'no body at all',
        { name: 'n', subject: 's' },
        { field: 'htmlBody', received: null, expected: 'htmlBody or textBody' },
      ],
      ['empty bodies', { name: 'n', subject: 's', htmlBody: '', textBody: '' }, { field: 'htmlBody', received: '' }],
      [
        'an alias with spaces',
        { name: 'n', subject: 's', htmlBody: 'h', alias: 'has space' },
        { field: 'alias', received: 'has space' },
      ],
      [
        'an alias over 100 characters',
        { name: 'n', subject: 's', htmlBody: 'h', alias: 'a'.repeat(101) },
        { field: 'alias', received: 'a'.repeat(101) },
      ],
      [
        'an alias that looks like a template id',
        { name: 'n', subject: 's', htmlBody: 'h', alias: 'tpl_mine' },
        { field: 'alias', received: 'tpl_mine' },
      ],
      [
        'an upper-case template id prefix',
        { name: 'n', subject: 's', htmlBody: 'h', alias: 'TPL_mine' },
        { field: 'alias', received: 'TPL_mine' },
      ],
    ])('should refuse %s with 400 and details', async (_case, body, details) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'INVALID_REQUEST',
          message: expect.any(String),
          details: { expected: expect.anything(), ...details },
        },
      });
    });

    it.each([
      ['htmlBody', { htmlBody: '<p>Hi {{ name }}</p>\n<p>{% if vip %}VIP</p>' }, { line: 2, column: 4 }],
      ['textBody', { textBody: 'Hi {{#each items}}x{{/each}}' }, { line: 1, column: 6 }],
      ['subject', { subject: 'Hi {{ name' }, { line: 1, column: 4 }],
    ])(
      'should refuse a %s Liquid cannot parse with 400 naming the field and the position, storing nothing',
      async (field, fields, position) => {
        const body = {
          name: 'Broken',
          alias: `broken-${field.toLowerCase()}`,
          subject: 's',
          htmlBody: '<p>h</p>',
          ...fields,
        };
        const res = await create(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: {
            code: 'INVALID_REQUEST',
            message: expect.stringMatching(new RegExp(`^${field} is not a valid Liquid template \\(line`)),
            details: { field, received: body[field as keyof typeof body], expected: 'a Liquid template', ...position },
          },
        });
        expect((await t.request('GET', `/emails/templates/${body.alias}`, { key })).status).toBe(404);
      },
    );

    it('should refuse an update to a body Liquid cannot parse, keeping the template as it was', async () => {
      const created = (await create({ ...welcome, alias: 'bad-update' })).body.data;
      const res = await t.request('PATCH', '/emails/templates/bad-update', {
        key,
        body: { htmlBody: '{% for x in %}' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { field: 'htmlBody', expected: 'a Liquid template', line: 1 },
      });
      expect((await t.request('GET', '/emails/templates/bad-update', { key })).body.data).toEqual(created);
    });

    it('should refuse a field of the wrong type and an unknown field, naming them', async () => {
      const wrongType = await create({ name: 5, subject: 's', htmlBody: 'h' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'name', received: 5 } });

      const unknown = await create({ name: 'n', subject: 's', htmlBody: 'h', layout: 'x' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'layout' } });
    });

    it('should refuse a body that is not an object', async () => {
      const res = await create([welcome]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'INVALID_REQUEST',
          message: expect.any(String),
          details: { field: 'body', received: 'array', expected: 'object' },
        },
      });
    });

    it('should answer 409 CONFLICT for an alias the organization already uses', async () => {
      expect((await create({ ...welcome, alias: 'dup-alias' })).status).toBe(201);
      const res = await create({ ...welcome, name: 'Other', alias: 'dup-alias' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'CONFLICT',
          message: expect.any(String),
          details: { field: 'alias', received: 'dup-alias', expected: expect.any(String) },
        },
      });
    });
  });

  describe('GET /emails/templates/:id', () => {
    beforeAll(async () => {
      key = await t.key('tpl-get');
    });

    it('should find a template by id and by alias', async () => {
      const created = (await create({ ...welcome, alias: 'by-alias' })).body.data;
      const byId = await t.request('GET', `/emails/templates/${created.id}`, { key });
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual({ success: true, data: created });
      const byAlias = await t.request('GET', '/emails/templates/by-alias', { key });
      expect(byAlias.body).toEqual({ success: true, data: created });
    });

    it('should answer 404 NOT_FOUND for an unknown id or alias', async () => {
      for (const id of ['tpl_00000000000000000000000000', 'no-such-alias']) {
        const res = await t.request('GET', `/emails/templates/${id}`, { key });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
      }
    });
  });

  describe('GET /emails/templates', () => {
    let pagingKey: string;
    const ids: string[] = [];

    beforeAll(async () => {
      pagingKey = await t.key('paging');
      for (const n of [1, 2, 3])
        ids.push(
          (await create({ name: `T${n}`, subject: `S${n}`, htmlBody: `<p>${n}</p>`, alias: `t-${n}` }, pagingKey)).body
            .data.id,
        );
    });

    it('should list newest first in the platform list envelope, without bodies', async () => {
      const res = await t.request('GET', '/emails/templates', { key: pagingKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: [3, 2, 1].map((n) => ({
          id: ids[n - 1],
          name: `T${n}`,
          alias: `t-${n}`,
          subject: `S${n}`,
          active: true,
          createdAt: ISO,
          updatedAt: ISO,
        })),
        meta: { count: 3, offset: 0, total: 3, hasMore: false },
      });
    });

    it('should page with count/offset and with the limit/page aliases', async () => {
      const first = await t.request('GET', '/emails/templates?count=2', { key: pagingKey });
      expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
      expect(first.body.meta).toEqual({ count: 2, offset: 0, total: 3, hasMore: true });

      const second = await t.request('GET', '/emails/templates?count=2&offset=2', { key: pagingKey });
      expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
      expect(second.body.meta).toEqual({ count: 1, offset: 2, total: 3, hasMore: false });

      const aliased = await t.request('GET', '/emails/templates?limit=2&page=2', { key: pagingKey });
      expect(aliased.body).toEqual(second.body);
    });

    it.each([
      ['count=0', { field: 'count', received: 0, expected: '1..500' }],
      ['count=501', { field: 'count', received: 501, expected: '1..500' }],
      ['limit=501', { field: 'limit', received: 501, expected: '1..500' }],
      ['offset=-1', { field: 'offset', received: -1 }],
      ['count=ten', { field: 'count', received: 'ten', expected: 'integer' }],
    ])('should refuse %s with 400 and details', async (query, details) => {
      const res = await t.request('GET', `/emails/templates?${query}`, { key: pagingKey });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.objectContaining(details) },
      });
    });
  });

  describe('PATCH /emails/templates/:id', () => {
    beforeAll(async () => {
      key = await t.key('tpl-patch');
    });

    it('should change only the fields given', async () => {
      const created = (await create({ ...welcome, alias: 'patch-me' })).body.data;
      const res = await t.request('PATCH', '/emails/templates/patch-me', { key, body: { subject: 'New subject' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { ...created, subject: 'New subject', updatedAt: ISO } });
      expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
      expect((await t.request('GET', `/emails/templates/${created.id}`, { key })).body.data.subject).toBe(
        'New subject',
      );
    });

    it('should clear the alias and a body with null, but keep at least one body', async () => {
      const created = (await create({ ...welcome, alias: 'clear-me' })).body.data;
      const cleared = await t.request('PATCH', `/emails/templates/${created.id}`, {
        key,
        body: { alias: null, textBody: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({
        id: created.id,
        alias: null,
        textBody: null,
        htmlBody: welcome.htmlBody,
      });
      expect((await t.request('GET', '/emails/templates/clear-me', { key })).status).toBe(404);

      const noBody = await t.request('PATCH', `/emails/templates/${created.id}`, { key, body: { htmlBody: null } });
      expect(noBody.status).toBe(400);
      expect(noBody.body.error).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { field: 'htmlBody', received: null },
      });
      expect((await t.request('GET', `/emails/templates/${created.id}`, { key })).body.data.htmlBody).toBe(
        welcome.htmlBody,
      );
    });

    it('should refuse a null name and a reserved alias', async () => {
      const created = (await create({ ...welcome, alias: 'rules' })).body.data;
      const nullName = await t.request('PATCH', `/emails/templates/${created.id}`, { key, body: { name: null } });
      expect(nullName.status).toBe(400);
      expect(nullName.body.error.details).toMatchObject({ field: 'name', received: null });
      const reserved = await t.request('PATCH', `/emails/templates/${created.id}`, { key, body: { alias: 'tpl_x' } });
      expect(reserved.status).toBe(400);
      expect(reserved.body.error.details).toMatchObject({ field: 'alias', received: 'tpl_x' });
    });

    it('should answer 409 when taking another template’s alias, and allow keeping its own', async () => {
      await create({ ...welcome, alias: 'taken' });
      const mine = (await create({ ...welcome, alias: 'mine' })).body.data;
      const res = await t.request('PATCH', `/emails/templates/${mine.id}`, { key, body: { alias: 'taken' } });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'CONFLICT', details: { field: 'alias', received: 'taken' } });
      const same = await t.request('PATCH', `/emails/templates/${mine.id}`, {
        key,
        body: { alias: 'mine', name: 'Renamed' },
      });
      expect(same.status).toBe(200);
      expect(same.body.data).toMatchObject({ alias: 'mine', name: 'Renamed' });
    });

    it('should answer 404 for an unknown template', async () => {
      const res = await t.request('PATCH', '/emails/templates/tpl_00000000000000000000000000', {
        key,
        body: { name: 'x' },
      });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('DELETE /emails/templates/:id', () => {
    beforeAll(async () => {
      key = await t.key('tpl-delete');
    });

    it('should delete, then answer 404 for the template', async () => {
      const created = (await create({ ...welcome, alias: 'delete-me' })).body.data;
      const res = await t.request('DELETE', `/emails/templates/${created.id}`, { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: true });
      expect((await t.request('GET', `/emails/templates/${created.id}`, { key })).status).toBe(404);
      const again = await t.request('DELETE', '/emails/templates/delete-me', { key });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    });

    it('should free the alias for a new template', async () => {
      await create({ ...welcome, alias: 'reuse' });
      expect((await t.request('DELETE', '/emails/templates/reuse', { key })).status).toBe(200);
      expect((await create({ ...welcome, alias: 'reuse' })).status).toBe(201);
    });
  });

  describe('sending with a template', () => {
    beforeAll(async () => {
      key = await t.key('tpl-send');
    });

    it('should render subject, html and text from templateModel, by alias and by id', async () => {
      const created = (await create({ ...welcome, alias: 'send-me' })).body.data;
      const model = { name: 'Ada <Lovelace>', plan: { tier: 'Growth' } };
      for (const templateId of ['send-me', created.id]) {
        const sent = await t.request('POST', '/emails', {
          key,
          body: { from: 'app@acme.example', to: 'ada@example.com', templateId, templateModel: model },
        });
        expect(sent.status).toBe(200);
        expect(sent.body.data.status).toBe('QUEUED');
        const message = await eventually(async () => {
          const got = await t.request('GET', `/emails/messages/${sent.body.data.messageId}`, { key });
          return got.body.data.status === 'DELIVERED' ? got.body.data : null;
        });
        expect(message).toMatchObject({
          templateId,
          subject: 'Welcome, Ada <Lovelace>',
          html: '<p>Hello Ada &lt;Lovelace&gt;, your plan is Growth</p>',
          text: 'Hello Ada <Lovelace>',
        });
      }
    });

    const deliveredMessage = async (templateId: string, templateModel: Record<string, unknown>) => {
      const sent = await t.request('POST', '/emails', {
        key,
        body: { from: 'app@acme.example', to: 'ada@example.com', templateId, templateModel },
      });
      expect(sent.status).toBe(200);
      return eventually(async () => {
        const got = await t.request('GET', `/emails/messages/${sent.body.data.messageId}`, { key });
        return got.body.data.status === 'DELIVERED' ? got.body.data : null;
      });
    };

    it('should render Liquid filters and conditions, escaping the HTML body only', async () => {
      await create({
        name: 'Liquid',
        alias: 'liquid',
        subject: '{{ name | upcase }}{% if vip %} (VIP){% endif %}',
        htmlBody:
          '<p>{{ name | upcase }}{% if vip %} <b>VIP</b>{% endif %}: {% for item in items %}{{ item.title | default: "untitled" }};{% endfor %}</p>',
        textBody: 'Hi {{ name | upcase }}{% unless vip %}, not VIP{% endunless %}',
      });
      expect(
        await deliveredMessage('liquid', { name: 'ada <l>', vip: true, items: [{ title: 'A&B' }, {}] }),
      ).toMatchObject({
        subject: 'ADA <L> (VIP)',
        html: '<p>ADA &lt;L&gt; <b>VIP</b>: A&amp;B;untitled;</p>',
        text: 'Hi ADA <L>',
      });
      expect(await deliveredMessage('liquid', { name: 'bo' })).toMatchObject({
        subject: 'BO',
        html: '<p>BO: </p>',
        text: 'Hi BO, not VIP',
      });
    });

    it('should keep rendering a template in the old syntax', async () => {
      await create({
        name: 'Old',
        alias: 'old-syntax',
        subject: 'For {{user.name}}',
        htmlBody: '<p>{{ note }} / {{{ note }}} / {{ items.0.name }} / [{{ missing }}] / [{{ user }}]</p>',
        textBody: '{{{ note }}} {{ braces }}',
      });
      expect(
        await deliveredMessage('old-syntax', {
          note: '<i>hi</i>',
          items: [{ name: 'Zoë' }],
          user: { name: 'Ann' },
          braces: '{{ note }}',
        }),
      ).toMatchObject({
        subject: 'For Ann',
        html: '<p>&lt;i&gt;hi&lt;/i&gt; / <i>hi</i> / Zoë / [] / []</p>',
        text: '<i>hi</i> {{ note }}',
      });
    });

    it('should refuse a send with a stored template that no longer parses with a 400 naming it, never a 500', async () => {
      const stale = (await create({ ...welcome, alias: 'stale' })).body.data;
      // A body stored before templates were checked: Mustache's sections are not Liquid.
      await t.platform.orm.em
        .fork()
        .getConnection()
        .execute('update email.templates set html_body = ? where id = ?', ['<p>{{#items}}x{{/items}}</p>', stale.id]);
      const res = await t.request('POST', '/emails', {
        key,
        body: { from: 'app@acme.example', to: 'ada@example.com', templateId: 'stale', templateModel: { name: 'A' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'INVALID_REQUEST',
        details: {
          field: 'templateId',
          received: 'stale',
          templateField: 'htmlBody',
          line: 1,
          column: expect.any(Number),
        },
      });
      expect(res.body.error.message).toMatch(
        /^Template stale cannot be rendered: htmlBody is not a valid Liquid template/,
      );
    });

    it('should answer 404 for a deleted template', async () => {
      await create({ ...welcome, alias: 'gone' });
      await t.request('DELETE', '/emails/templates/gone', { key });
      const res = await t.request('POST', '/emails', {
        key,
        body: { from: 'app@acme.example', to: 'ada@example.com', templateId: 'gone' },
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', details: { field: 'templateId', received: 'gone' } });
    });
  });

  describe('tenancy and permissions', () => {
    beforeAll(async () => {
      key = await t.key('tpl-tenant');
    });

    it('should keep one organization’s templates from another', async () => {
      const mine = (await create({ ...welcome, alias: 'private' })).body.data;
      const other = await t.key('globex');

      const list = await t.request('GET', '/emails/templates', { key: other });
      expect(list.body).toEqual({ success: true, data: [], meta: { count: 0, offset: 0, total: 0, hasMore: false } });
      for (const id of [mine.id, 'private']) {
        expect((await t.request('GET', `/emails/templates/${id}`, { key: other })).status).toBe(404);
        expect(
          (await t.request('PATCH', `/emails/templates/${id}`, { key: other, body: { name: 'stolen' } })).status,
        ).toBe(404);
        expect((await t.request('DELETE', `/emails/templates/${id}`, { key: other })).status).toBe(404);
      }
      const send = await t.request('POST', '/emails', {
        key: other,
        body: { from: 'a@globex.example', to: 'b@example.com', templateId: mine.id },
      });
      expect(send.status).toBe(404);
      // Aliases are unique per organization, not globally.
      expect((await create({ ...welcome, alias: 'private' }, other)).status).toBe(201);

      expect((await t.request('GET', `/emails/templates/${mine.id}`, { key })).body.data).toEqual(mine);
    });

    it('should answer 403 to a SENDING key and to a key without the email scope', async () => {
      const sending = await t.key('tpl-tenant', 'SENDING');
      const smsOnly = await t.key('tpl-tenant', 'SERVER', ['sms']);
      for (const k of [sending, smsOnly]) {
        for (const [method, path, body] of [
          ['GET', '/emails/templates'],
          ['POST', '/emails/templates', welcome],
          ['GET', '/emails/templates/welcome-v1'],
          ['DELETE', '/emails/templates/welcome-v1'],
        ] as const) {
          const res = await t.request(method, path, { key: k, body });
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
        }
      }
      expect((await t.request('GET', '/emails/templates', {})).status).toBe(401);
    });
  });

  describe('GraphQL', () => {
    it('should answer emailTemplates and emailTemplate, and run the mutations', async () => {
      const gqlKey = await t.key('graphql-templates');
      const created = await t.graphql(
        gqlKey,
        'mutation($input: EmailTemplateInput!) { createEmailTemplate(input: $input) { id alias } }',
        { input: { ...welcome, alias: 'gql' } },
      );
      expect(created.body.errors).toBeUndefined();
      const id = created.body.data.createEmailTemplate.id;
      expect(id).toEqual(TEMPLATE_ID);

      const list = await t.graphql(
        gqlKey,
        '{ emailTemplates(limit: 10) { data { id name alias htmlBody } meta { count offset total hasMore } } }',
      );
      expect(list.body).toEqual({
        data: {
          emailTemplates: {
            data: [{ id, name: 'Welcome', alias: 'gql', htmlBody: welcome.htmlBody }],
            meta: { count: 1, offset: 0, total: 1, hasMore: false },
          },
        },
      });

      const one = await t.graphql(gqlKey, 'query($id: ID!) { emailTemplate(id: $id) { id subject textBody } }', {
        id: 'gql',
      });
      expect(one.body).toEqual({
        data: { emailTemplate: { id, subject: welcome.subject, textBody: welcome.textBody } },
      });

      const updated = await t.graphql(
        gqlKey,
        'mutation($id: ID!) { updateEmailTemplate(id: $id, input: { name: "Renamed" }) { name subject } }',
        { id },
      );
      expect(updated.body.data.updateEmailTemplate).toEqual({ name: 'Renamed', subject: welcome.subject });

      const deleted = await t.graphql(gqlKey, 'mutation($id: ID!) { deleteEmailTemplate(id: $id) }', { id });
      expect(deleted.body.data).toEqual({ deleteEmailTemplate: true });

      const missing = await t.graphql(gqlKey, 'query($id: ID!) { emailTemplate(id: $id) { id } }', { id });
      expect(missing.body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
