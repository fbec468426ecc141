import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

const contactForm = {
  title: 'Contact us',
  description: 'Say hello',
  settings: { accessType: 'PUBLIC', requireApiKey: false },
  theme: { preset: 'MODERN', colors: { primary: '#112233', background: '#ffffff', text: '#000' } },
  fields: [
    { type: 'SHORT_TEXT', label: 'Your name', required: true, order: 0, settings: { minLength: 2, maxLength: 50 } },
    { type: 'EMAIL', label: 'Email', required: true, order: 1 },
    { type: 'SELECT', label: 'Topic', required: false, order: 2, settings: { options: ['Sales', 'Support'] } },
  ],
};

describe('forms management through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-mgmt');
    other = await t.key('forms-other');
  });
  afterAll(() => t.stop());

  const create = (body: unknown, k = key) => t.request('POST', '/forms', { key: k, body });

  it('should create a DRAFT form with 201 and {data: {id, uuid, title, status}}', async () => {
    const res = await create(contactForm);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { id: expect.any(Number), uuid: UUID, title: 'Contact us', status: 'DRAFT' } });
  });

  it('should answer the detail with settings, theme, fields (with refs) and analytics', async () => {
    const { body } = await create({ ...contactForm, slug: 'detail-form' });
    const res = await t.request('GET', `/forms/${body.data.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: body.data.id,
        uuid: body.data.uuid,
        title: 'Contact us',
        slug: 'detail-form',
        status: 'DRAFT',
        description: 'Say hello',
        createdAt: ISO,
        updatedAt: ISO,
        publishedAt: null,
        settings: { accessType: 'PUBLIC', requireApiKey: false, hasPassword: false },
        theme: contactForm.theme,
        fields: [
          {
            id: expect.any(Number),
            ref: 'your_name',
            type: 'SHORT_TEXT',
            label: 'Your name',
            placeholder: null,
            required: true,
            order: 0,
            settings: { minLength: 2, maxLength: 50 },
          },
          {
            id: expect.any(Number),
            ref: 'email',
            type: 'EMAIL',
            label: 'Email',
            placeholder: null,
            required: true,
            order: 1,
            settings: {},
          },
          {
            id: expect.any(Number),
            ref: 'topic',
            type: 'SELECT',
            label: 'Topic',
            placeholder: null,
            required: false,
            order: 2,
            settings: { options: ['Sales', 'Support'] },
          },
        ],
        analytics: { views: 0, submissions: 0, completionRate: 0 },
        url: `http://localhost:0/f/${body.data.uuid}`,
        embed: {
          iframe: `<iframe src="http://localhost:0/f/${body.data.uuid}" title="Contact us" width="100%" height="640" style="border:0;max-width:40rem" loading="lazy"></iframe>`,
          script: `<script src="http://localhost:0/f/embed.js" data-form="${body.data.uuid}" async></script>`,
        },
      },
    });
    // The same form answers by uuid.
    expect((await t.request('GET', `/forms/${body.data.uuid}`, { key })).body.data.id).toBe(body.data.id);
  });

  it('should make slugs unique per organization: generated ones get a suffix, a taken one is a 400', async () => {
    const k = await t.key('forms-slugs');
    const a = await create({ title: 'Feedback!' }, k);
    const b = await create({ title: 'Feedback' }, k);
    const slugOf = async (id: number) => (await t.request('GET', `/forms/${id}`, { key: k })).body.data.slug;
    expect(await slugOf(a.body.data.id)).toBe('feedback');
    expect(await slugOf(b.body.data.id)).toBe('feedback-2');
    const taken = await create({ title: 'x', slug: 'feedback' }, k);
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { field: 'slug', received: 'feedback', expected: expect.any(String) },
      },
    });
    // Another organization may use the same slug.
    expect((await create({ title: 'x', slug: 'feedback' }, other)).status).toBe(201);
  });

  it.each([
    ['no title', {}, { field: 'title', received: null }],
    ['an unknown key', { title: 't', colour: 'red' }, { field: 'colour', received: 'colour' }],
    ['a bad slug', { title: 't', slug: 'Not OK' }, { field: 'slug', received: 'Not OK' }],
    [
      'an unknown theme preset',
      { title: 't', theme: { preset: 'FANCY' } },
      { field: 'theme.preset', received: 'FANCY', expected: ['MODERN', 'BOLD'] },
    ],
    [
      'a bad colour',
      { title: 't', theme: { colors: { primary: 'blue' } } },
      { field: 'theme.colors.primary', received: 'blue' },
    ],
    [
      'a non-boolean requireApiKey',
      { title: 't', settings: { requireApiKey: 'yes' } },
      { field: 'settings.requireApiKey', received: 'yes' },
    ],
    [
      'an unknown field type',
      { title: 't', fields: [{ type: 'PAINTING', label: 'x' }] },
      { field: 'fields[0].type', received: 'PAINTING' },
    ],
    [
      'a choice field without options',
      { title: 't', fields: [{ type: 'SELECT', label: 'x' }] },
      { field: 'fields[0].settings.options', received: null },
    ],
    [
      'a setting of another type',
      { title: 't', fields: [{ type: 'NPS', label: 'x', settings: { options: ['a'] } }] },
      { field: 'fields[0].settings.options', received: 'options' },
    ],
    [
      'minLength above maxLength',
      { title: 't', fields: [{ type: 'SHORT_TEXT', label: 'x', settings: { minLength: 5, maxLength: 2 } }] },
      { field: 'fields[0].settings.minLength', received: 5 },
    ],
  ])('should refuse %s with 400 VALIDATION_ERROR and details', async (_case, body, details) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details });
    expect(Object.keys(res.body)).toEqual(['error']);
  });

  it('should refuse a body that is not an object, and malformed JSON, as VALIDATION_ERROR', async () => {
    const array = await create([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'body', received: 'array', expected: 'object' },
    });
    const malformed = await t.request('POST', '/forms', {
      key,
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR');
  });

  describe('list', () => {
    let k: string;
    beforeAll(async () => {
      k = await t.key('forms-list');
      for (let i = 1; i <= 23; i++) await create({ title: i % 2 ? `Survey ${i}` : `Poll ${i}` }, k);
    });

    it('should page with defaults page 1, limit 20 and meta {page, limit, total, totalPages}, newest first', async () => {
      const res = await t.request('GET', '/forms', { key: k });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data', 'meta']);
      expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 });
      expect(res.body.data).toHaveLength(20);
      expect(res.body.data[0]).toEqual({
        id: expect.any(Number),
        uuid: UUID,
        title: 'Survey 23',
        slug: 'survey-23',
        status: 'DRAFT',
        createdAt: ISO,
        updatedAt: ISO,
        publishedAt: null,
      });
      const second = await t.request('GET', '/forms?page=2&limit=20', { key: k });
      expect(second.body.meta).toEqual({ page: 2, limit: 20, total: 23, totalPages: 2 });
      expect(second.body.data.map((f: { title: string }) => f.title)).toEqual(['Survey 3', 'Poll 2', 'Survey 1']);
    });

    it('should search titles case-insensitively and literally, and filter by status', async () => {
      const polls = await t.request('GET', '/forms?search=poLL&limit=100', { key: k });
      expect(polls.body.meta.total).toBe(11);
      expect((await t.request('GET', '/forms?search=%25', { key: k })).body.meta.total).toBe(0);
      expect((await t.request('GET', '/forms?status=LIVE', { key: k })).body).toEqual({
        data: [],
        meta: { page: 1, limit: 20, total: 0, totalPages: 0 },
      });
    });

    it.each([
      ['limit=101', { field: 'limit', received: 101 }],
      ['limit=0', { field: 'limit', received: 0 }],
      ['page=0', { field: 'page', received: 0 }],
      ['page=x', { field: 'page', received: 'x' }],
      ['status=GONE', { field: 'status', received: 'GONE' }],
    ])('should refuse %s with 400 VALIDATION_ERROR', async (query, details) => {
      const res = await t.request('GET', `/forms?${query}`, { key: k });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details });
    });
  });

  describe('states', () => {
    it('should publish (LIVE, publishedAt), unpublish (PAUSED), close by PUT, and archive by DELETE with 204 and no body', async () => {
      const { body } = await create(contactForm);
      const id = body.data.id;
      const published = await t.request('POST', `/forms/${id}/publish`, { key });
      expect(published.status).toBe(200);
      expect(published.body).toEqual({ data: { id, status: 'LIVE', publishedAt: ISO } });
      const paused = await t.request('POST', `/forms/${id}/unpublish`, { key });
      expect(paused.body).toEqual({ data: { id, status: 'PAUSED', publishedAt: ISO } });
      const closed = await t.request('PUT', `/forms/${id}`, { key, body: { status: 'CLOSED' } });
      expect(closed.status).toBe(200);
      expect(closed.body.data.status).toBe('CLOSED');
      // CLOSED cannot be unpublished, but can be published again.
      const refused = await t.request('POST', `/forms/${id}/unpublish`, { key });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'status', received: 'CLOSED', expected: ['LIVE', 'PAUSED'] },
      });
      expect((await t.request('POST', `/forms/${id}/publish`, { key })).body.data.status).toBe('LIVE');
      const deleted = await t.request('DELETE', `/forms/${id}`, { key });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      // Archived: still readable, hidden from the default list, final.
      expect((await t.request('GET', `/forms/${id}`, { key })).body.data.status).toBe('ARCHIVED');
      expect((await t.request('POST', `/forms/${id}/publish`, { key })).status).toBe(400);
      expect((await t.request('PUT', `/forms/${id}`, { key, body: { title: 'again' } })).status).toBe(400);
      const listed = await t.request('GET', '/forms?limit=100', { key });
      expect(listed.body.data.some((f: { id: number }) => f.id === id)).toBe(false);
      const archived = await t.request('GET', '/forms?status=ARCHIVED', { key });
      expect(archived.body.data.some((f: { id: number }) => f.id === id)).toBe(true);
    });

    it('should refuse to publish a form without fields, and CLOSED from DRAFT', async () => {
      const { body } = await create({ title: 'Empty' });
      const res = await t.request('POST', `/forms/${body.data.id}/publish`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'fields', received: 0 } });
      const close = await t.request('PUT', `/forms/${body.data.id}`, { key, body: { status: 'CLOSED' } });
      expect(close.status).toBe(400);
      expect(
        (await t.request('PUT', `/forms/${body.data.id}`, { key, body: { status: 'LIVE' } })).body.error.details,
      ).toMatchObject({ field: 'status', expected: ['CLOSED'] });
    });

    it('should update only the keys given (PUT partial)', async () => {
      const { body } = await create(contactForm);
      const res = await t.request('PUT', `/forms/${body.data.id}`, {
        key,
        body: { title: 'Renamed', theme: { preset: 'BOLD' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        title: 'Renamed',
        description: 'Say hello',
        theme: { preset: 'BOLD' },
        settings: contactForm.settings,
      });
      expect(res.body.data.fields).toHaveLength(3);
    });

    it('should duplicate as a DRAFT copy with every field and the (Copy) suffix', async () => {
      const { body } = await create({ ...contactForm, slug: 'to-copy' });
      await t.request('POST', `/forms/${body.data.id}/publish`, { key });
      const res = await t.request('POST', `/forms/${body.data.id}/duplicate`, { key });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: { id: expect.any(Number), uuid: UUID, title: 'Contact us (Copy)', status: 'DRAFT' },
      });
      const copy = (await t.request('GET', `/forms/${res.body.data.id}`, { key })).body.data;
      const original = (await t.request('GET', `/forms/${body.data.id}`, { key })).body.data;
      expect(copy.slug).toBe('to-copy-copy');
      expect(copy.fields.map(({ id: _id, ...f }: { id: number }) => f)).toEqual(
        original.fields.map(({ id: _id, ...f }: { id: number }) => f),
      );
      expect(copy.fields.map((f: { id: number }) => f.id)).not.toEqual(
        original.fields.map((f: { id: number }) => f.id),
      );
    });
  });

  describe('fields', () => {
    let formId: number;
    beforeAll(async () => {
      formId = (await create(contactForm)).body.data.id;
    });
    const fields = async () => (await t.request('GET', `/forms/${formId}`, { key })).body.data.fields;

    it('should add a field (201, appended, ref from the label), update it partially and delete it (204)', async () => {
      const added = await t.request('POST', `/forms/${formId}/fields`, {
        key,
        body: { type: 'RATING', label: 'How was it?', required: true, settings: { max: 10 } },
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        data: {
          id: expect.any(Number),
          ref: 'how_was_it',
          type: 'RATING',
          label: 'How was it?',
          placeholder: null,
          required: true,
          order: 3,
          settings: { max: 10 },
        },
      });
      const updated = await t.request('PUT', `/forms/${formId}/fields/${added.body.data.id}`, {
        key,
        body: { label: 'Rate us', placeholder: 'pick' },
      });
      expect(updated.body.data).toMatchObject({
        label: 'Rate us',
        placeholder: 'pick',
        ref: 'how_was_it',
        required: true,
        settings: { max: 10 },
      });
      const badType = await t.request('PUT', `/forms/${formId}/fields/${added.body.data.id}`, {
        key,
        body: { type: 'SELECT' },
      });
      expect(badType.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'settings.options' } });
      const deleted = await t.request('DELETE', `/forms/${formId}/fields/${added.body.data.id}`, { key });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await fields()).map((f: { ref: string }) => f.ref)).toEqual(['your_name', 'email', 'topic']);
      expect((await t.request('DELETE', `/forms/${formId}/fields/${added.body.data.id}`, { key })).status).toBe(404);
    });

    it('should refuse a ref another field uses', async () => {
      const res = await t.request('POST', `/forms/${formId}/fields`, {
        key,
        body: { type: 'SHORT_TEXT', label: 'x', ref: 'email' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'ref', received: 'email' } });
    });

    it('should reorder with a permutation and refuse anything else with 400', async () => {
      const ids = (await fields()).map((f: { id: number }) => f.id);
      const reversed = [...ids].reverse();
      const res = await t.request('POST', `/forms/${formId}/fields/reorder`, { key, body: { fieldOrder: reversed } });
      expect(res.status).toBe(200);
      expect(res.body.data.map((f: { id: number; order: number }) => [f.id, f.order])).toEqual(
        reversed.map((id, i) => [id, i]),
      );
      expect((await fields()).map((f: { id: number }) => f.id)).toEqual(reversed);
      for (const fieldOrder of [
        ids.slice(1),
        [...ids, ids[0]],
        [ids[0], ids[0], ids[1]],
        [...ids.slice(1), 999999],
        'x',
      ]) {
        const bad = await t.request('POST', `/forms/${formId}/fields/reorder`, { key, body: { fieldOrder } });
        expect(bad.status).toBe(400);
        expect(bad.body.error).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: { field: 'fieldOrder', received: fieldOrder, expected: reversed },
        });
      }
    });
  });

  describe('auth and tenancy', () => {
    it('should answer 401 without a key and 403 for a key without the forms scope', async () => {
      const none = await t.request('GET', '/forms');
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      const emailOnly = await t.key('forms-scope', 'SERVER', ['email']);
      const res = await t.request('GET', '/forms', { key: emailOnly });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    });

    it("should answer 404 for another organization's form on every path", async () => {
      const { body } = await create(contactForm);
      const id = body.data.id;
      for (const [method, path, payload] of [
        ['GET', `/forms/${id}`],
        ['PUT', `/forms/${id}`, { title: 'x' }],
        ['DELETE', `/forms/${id}`],
        ['POST', `/forms/${id}/publish`],
        ['POST', `/forms/${id}/duplicate`],
        ['POST', `/forms/${id}/fields`, { type: 'NPS', label: 'x' }],
        ['GET', `/forms/${id}/submissions`],
        ['GET', `/forms/${body.data.uuid}`],
        ['GET', `/forms/${id}/analytics`],
      ] as [string, string, unknown?][]) {
        const res = await t.request(method, path, { key: other, body: payload });
        expect([method, path, res.status, res.body]).toEqual([
          method,
          path,
          404,
          { error: { code: 'NOT_FOUND', message: 'Form not found' } },
        ]);
      }
      expect((await t.request('GET', '/forms/not-an-id', { key })).status).toBe(404);
      expect((await t.request('GET', `/forms/${id}`, { key })).body.data.status).toBe('DRAFT');
    });

    it('should answer unknown forms paths with 404 in the forms envelope', async () => {
      const res = await t.request('GET', '/forms/1/nothing/here', { key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    });
  });
});
