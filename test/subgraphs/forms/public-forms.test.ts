import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

/** One field of every type, each with the settings its validation reads. */
const EVERY_TYPE = [
  { type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true, settings: { minLength: 2, maxLength: 20 } },
  { type: 'LONG_TEXT', label: 'Story', ref: 'story' },
  { type: 'EMAIL', label: 'Email', ref: 'email' },
  { type: 'URL', label: 'Site', ref: 'site' },
  { type: 'PHONE', label: 'Phone', ref: 'phone' },
  { type: 'NUMBER', label: 'Age', ref: 'age', settings: { min: 18, max: 99 } },
  { type: 'RATING', label: 'Rating', ref: 'rating', settings: { max: 5 } },
  { type: 'NPS', label: 'NPS', ref: 'nps' },
  { type: 'SLIDER', label: 'Slider', ref: 'slider' },
  { type: 'DATE', label: 'Day', ref: 'day' },
  { type: 'DATE_TIME', label: 'When', ref: 'when' },
  { type: 'SELECT', label: 'Plan', ref: 'plan', settings: { options: ['Free', 'Pro'] } },
  { type: 'MULTI_SELECT', label: 'Tools', ref: 'tools', settings: { options: ['A', 'B', 'C'] } },
  { type: 'CHECKBOX', label: 'Consent', ref: 'consent', settings: { options: ['I agree'] } },
  { type: 'FILE', label: 'CV', ref: 'cv' },
];

const GOOD_DATA = {
  name: 'Ada',
  story: 'Long ago',
  email: 'ada@example.com',
  site: 'https://ada.example',
  phone: '+14155550123',
  age: 36,
  rating: 5,
  nps: 10,
  slider: 50,
  day: '2026-11-22',
  when: '2026-11-22T10:00:00Z',
  plan: ['Pro'],
  tools: ['A', 'C'],
  consent: ['I agree'],
  cv: { fileUrl: 'https://files.example/cv.pdf', fileName: 'cv.pdf', fileSize: 1234 },
};

describe('public forms through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let form: { id: number; uuid: string };
  let ip: string;

  const events = async (type: string) =>
    t.platform.orm.em
      .getConnection()
      .execute<{ type: string; data: any; organization_id: string }[]>(
        'select type, data, organization_id from platform.events where type = ? order by seq',
        [type],
      );
  const pub = (method: string, path: string, body?: unknown, headers?: Record<string, string>, from = ip) =>
    fromIp(t.url, from, method, path, { body, headers });

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-public');
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Everything',
        slug: 'everything',
        description: 'All types',
        settings: { redirectUrl: 'https://example.com/thanks' },
        theme: { preset: 'BOLD' },
        fields: EVERY_TYPE,
      },
    });
    form = created.body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
  });
  beforeEach(() => {
    ip = newVisitorIp();
  });
  afterAll(() => t.stop());

  describe('GET /f/{uuid or slug}', () => {
    it('should serve a LIVE form by uuid and by slug, without a key, with a ref per field', async () => {
      const res = await pub('GET', `/f/${form.uuid}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          uuid: form.uuid,
          title: 'Everything',
          description: 'All types',
          fields: EVERY_TYPE.map((f) => ({
            ref: f.ref,
            type: f.type,
            label: f.label,
            required: f.required ?? false,
            placeholder: null,
            settings: f.settings ?? {},
          })),
          settings: { requiresAuth: false, hasPassword: false, layout: 'ALL_AT_ONCE', thankYouMessage: null },
          theme: { preset: 'BOLD', colors: null, font: null, logoUrl: null },
        },
      });
      expect((await pub('GET', '/f/everything')).body.data.uuid).toBe(form.uuid);
    });

    it('should answer 404 in the forms envelope for DRAFT, PAUSED and unknown forms', async () => {
      const draft = await t.request('POST', '/forms', {
        key,
        body: { title: 'Draft', fields: [{ type: 'NPS', label: 'x' }] },
      });
      for (const ref of [
        draft.body.data.uuid,
        'draft',
        '00000000-0000-4000-8000-000000000000',
        'no-such-form',
        '%20bad',
      ]) {
        const res = await pub('GET', `/f/${ref}`);
        expect([ref, res.status, res.body]).toEqual([
          ref,
          404,
          { error: { code: 'NOT_FOUND', message: 'Form not found' } },
        ]);
      }
      await t.request('POST', `/forms/${draft.body.data.id}/publish`, { key });
      expect((await pub('GET', '/f/draft')).status).toBe(200);
      await t.request('POST', `/forms/${draft.body.data.id}/unpublish`, { key });
      expect((await pub('GET', '/f/draft')).status).toBe(404);
      expect((await pub('POST', `/f/${draft.body.data.uuid}/submit`, { data: { x: 1 } })).status).toBe(404);
    });
  });

  describe('POST /f/{uuid}/submit', () => {
    it('should accept `data` keyed by ref for every field type: 201 {submissionId, status: COMPLETED, redirectUrl} and form.submitted', async () => {
      const res = await pub('POST', `/f/${form.uuid}/submit`, {
        data: GOOD_DATA,
        respondentEmail: 'Ada@Example.com',
        metadata: { source: 'web', utm: { campaign: 'launch' } },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          submissionId: expect.stringMatching(/^sub_/),
          status: 'COMPLETED',
          redirectUrl: 'https://example.com/thanks',
        },
      });
      const stored = await t.request('GET', `/forms/${form.id}/submissions/${res.body.data.submissionId}`, { key });
      expect(stored.body.data).toMatchObject({
        submissionId: res.body.data.submissionId,
        formId: form.id,
        status: 'complete',
        answers: GOOD_DATA,
        respondentEmail: 'ada@example.com',
        metadata: { source: 'web', utm: { campaign: 'launch' } },
      });
      const submitted = (await events('form.submitted')).find(
        (e) => e.data.submissionId === res.body.data.submissionId,
      );
      expect(submitted?.data).toMatchObject({
        formId: form.id,
        submissionId: res.body.data.submissionId,
        fields: GOOD_DATA,
      });
    });

    it('should accept `answers` with the value key of each type (by fieldRef or fieldId)', async () => {
      const detail = (await t.request('GET', `/forms/${form.id}`, { key })).body.data;
      const ageId = detail.fields.find((f: { ref: string }) => f.ref === 'age').id;
      const answers = [
        { fieldRef: 'name', value: 'Bob' },
        { fieldRef: 'email', value: 'bob@example.com' },
        { fieldId: ageId, valueNumber: 40 },
        { fieldRef: 'nps', valueNumber: 0 },
        { fieldRef: 'day', valueDate: '2026-01-31' },
        { fieldRef: 'tools', valueJson: ['B'] },
        { fieldRef: 'cv', fileUrl: 'https://files.example/b.pdf', fileName: 'b.pdf', fileSize: 10 },
      ];
      const res = await pub('POST', `/f/${form.uuid}/submit`, { answers });
      expect(res.status).toBe(201);
      const stored = await t.request('GET', `/forms/${form.id}/submissions/${res.body.data.submissionId}`, { key });
      expect(stored.body.data.answers).toEqual({
        name: 'Bob',
        email: 'bob@example.com',
        age: 40,
        nps: 0,
        day: '2026-01-31',
        tools: ['B'],
        cv: { fileUrl: 'https://files.example/b.pdf', fileName: 'b.pdf', fileSize: 10 },
      });
    });

    it.each([
      [
        'value for a NUMBER field',
        { fieldRef: 'age', value: '40' },
        { field: 'age', received: ['value'], expected: ['valueNumber'] },
      ],
      [
        'valueNumber for a text field',
        { fieldRef: 'name', valueNumber: 3 },
        { field: 'name', received: ['valueNumber'], expected: ['value'] },
      ],
      [
        'value for a DATE field',
        { fieldRef: 'day', value: '2026-01-01' },
        { field: 'day', received: ['value'], expected: ['valueDate'] },
      ],
      [
        'value for a SELECT field',
        { fieldRef: 'plan', value: 'Pro' },
        { field: 'plan', received: ['value'], expected: ['valueJson'] },
      ],
      [
        'value for a FILE field',
        { fieldRef: 'cv', value: 'x' },
        { field: 'cv', received: ['value'], expected: ['fileUrl', 'fileName', 'fileSize'] },
      ],
      ['no value key at all', { fieldRef: 'nps' }, { field: 'nps', received: [], expected: ['valueNumber'] }],
      ['an unknown fieldRef', { fieldRef: 'nope', value: 'x' }, { field: 'answers[1].fieldRef', received: 'nope' }],
    ])('should refuse %s with 400 VALIDATION_ERROR {field, received, expected}', async (_case, answer, details) => {
      const res = await pub('POST', `/f/${form.uuid}/submit`, {
        answers: [{ fieldRef: 'name', value: 'Ada' }, answer],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), details: expect.objectContaining(details) },
      });
    });

    it.each([
      ['a missing required field', { story: 'x' }, { field: 'name', received: null }],
      ['a too short text', { name: 'A' }, { field: 'name', received: 'A', expected: '2..20 characters' }],
      ['a bad email', { name: 'Ada', email: 'not-an-email' }, { field: 'email', received: 'not-an-email' }],
      ['a non-http URL', { name: 'Ada', site: 'ftp://x.example' }, { field: 'site', received: 'ftp://x.example' }],
      ['a phone not in E.164', { name: 'Ada', phone: '0415 555 0123' }, { field: 'phone', received: '0415 555 0123' }],
      ['a number out of range', { name: 'Ada', age: 12 }, { field: 'age', received: 12, expected: '18..99' }],
      ['a number sent as a string', { name: 'Ada', age: '40' }, { field: 'age', received: '40', expected: 'number' }],
      [
        'a rating above the scale',
        { name: 'Ada', rating: 6 },
        { field: 'rating', received: 6, expected: 'integer 1..5' },
      ],
      ['an NPS of 11', { name: 'Ada', nps: 11 }, { field: 'nps', received: 11, expected: 'integer 0..10' }],
      ['a fractional NPS', { name: 'Ada', nps: 7.5 }, { field: 'nps', received: 7.5 }],
      ['a slider out of 0..100', { name: 'Ada', slider: 101 }, { field: 'slider', received: 101, expected: '0..100' }],
      ['an impossible date', { name: 'Ada', day: '2026-02-30' }, { field: 'day', received: '2026-02-30' }],
      [
        'a date-time without zone',
        { name: 'Ada', when: '2026-11-22T10:00' },
        { field: 'when', received: '2026-11-22T10:00' },
      ],
      [
        'a SELECT value outside the options',
        { name: 'Ada', plan: 'Gold' },
        { field: 'plan', received: 'Gold', expected: ['Free', 'Pro'] },
      ],
      [
        'two options for a SELECT',
        { name: 'Ada', plan: ['Free', 'Pro'] },
        { field: 'plan', expected: ['Free', 'Pro'] },
      ],
      [
        'a MULTI_SELECT option outside the options',
        { name: 'Ada', tools: ['A', 'Z'] },
        { field: 'tools', received: 'Z', expected: ['A', 'B', 'C'] },
      ],
      ['a file without fileUrl', { name: 'Ada', cv: { fileName: 'x' } }, { field: 'cv', received: null }],
      ['an unknown ref', { name: 'Ada', nope: 1 }, { field: 'data.nope', received: 'nope' }],
    ])('should refuse %s with 400 VALIDATION_ERROR', async (_case, data, details) => {
      const res = await pub('POST', `/f/${form.uuid}/submit`, { data });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: expect.objectContaining(details),
      });
    });

    it('should refuse both data and answers, unknown body keys and a bad respondentEmail', async () => {
      expect(
        (await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Ada' }, answers: [] })).body.error.details,
      ).toMatchObject({ field: 'data' });
      expect(
        (await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Ada' }, extra: 1 })).body.error.details,
      ).toMatchObject({ field: 'extra', received: 'extra' });
      expect(
        (await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Ada' }, respondentEmail: 'x' })).body.error
          .details,
      ).toMatchObject({ field: 'respondentEmail', received: 'x' });
    });
  });

  describe('partial submissions', () => {
    it('should create, continue (answers merge, form.partial each time) and complete one submission', async () => {
      const detail = (await t.request('GET', `/forms/${form.id}`, { key })).body.data;
      const emailField = detail.fields.find((f: { ref: string }) => f.ref === 'email').id;
      const first = await pub('POST', `/f/${form.uuid}/partial`, {
        answers: [{ fieldRef: 'email', value: 'p@example.com' }],
        lastFieldId: emailField,
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ data: { submissionId: expect.stringMatching(/^sub_/) } });
      const id = first.body.data.submissionId;
      const second = await pub('POST', `/f/${form.uuid}/partial`, {
        submissionId: id,
        data: { story: 'Once', rating: 4 },
      });
      expect(second.body).toEqual({ data: { submissionId: id } });
      const stored = await t.request('GET', `/forms/${form.id}/submissions/${id}`, { key });
      expect(stored.body.data).toMatchObject({
        status: 'partial',
        answers: { email: 'p@example.com', story: 'Once', rating: 4 },
        lastFieldId: emailField,
        completedAt: null,
      });
      const partials = (await events('form.partial')).filter((e) => e.data.submissionId === id);
      expect(partials.map((e) => e.data.fields)).toEqual([
        { email: 'p@example.com' },
        { email: 'p@example.com', story: 'Once', rating: 4 },
      ]);

      // Completing needs the required name; the partial's answers count.
      const missing = await pub('POST', `/f/${form.uuid}/submit`, { submissionId: id, data: {} });
      expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'name' } });
      const done = await pub('POST', `/f/${form.uuid}/submit`, { submissionId: id, data: { name: 'Pat' } });
      expect(done.status).toBe(201);
      expect(done.body.data).toMatchObject({ submissionId: id, status: 'COMPLETED' });
      const completed = await t.request('GET', `/forms/${form.id}/submissions/${id}`, { key });
      expect(completed.body.data).toMatchObject({
        status: 'complete',
        answers: { email: 'p@example.com', story: 'Once', rating: 4, name: 'Pat' },
        completedAt: expect.any(String),
      });
      // A complete submission cannot be continued or completed again.
      const again = await pub('POST', `/f/${form.uuid}/partial`, { submissionId: id, data: { story: 'x' } });
      expect(again.status).toBe(400);
      expect(again.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'submissionId', received: id },
      });
      expect(
        (await pub('POST', `/f/${form.uuid}/submit`, { submissionId: 'sub_unknown', data: { name: 'Pat' } })).status,
      ).toBe(404);
    });

    it('should refuse a lastFieldId that is not a field of the form', async () => {
      const res = await pub('POST', `/f/${form.uuid}/partial`, { lastFieldId: 999999 });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toMatchObject({ field: 'lastFieldId', received: 999999 });
    });
  });

  describe('views', () => {
    it('should record a view without a key and count it in the detail analytics', async () => {
      const f = await t.request('POST', '/forms', {
        key,
        body: { title: 'Viewed', fields: [{ type: 'NPS', label: 'Score', required: true }] },
      });
      await t.request('POST', `/forms/${f.body.data.id}/publish`, { key });
      const res = await pub('POST', `/f/${f.body.data.uuid}/view`, {
        sessionId: 's1',
        visitorHash: 'v1',
        referrer: 'https://ref.example',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { recorded: true } });
      expect((await pub('POST', `/f/${f.body.data.uuid}/view`)).status).toBe(200);
      await pub('POST', `/f/${f.body.data.uuid}/submit`, { data: { score: 9 } });
      const detail = await t.request('GET', `/forms/${f.body.data.id}`, { key });
      expect(detail.body.data.analytics).toEqual({ views: 2, submissions: 1, completionRate: 0.5 });
      expect((await pub('POST', `/f/${f.body.data.uuid}/view`, { sessionId: 5 })).body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'sessionId', received: 5 },
      });
    });
  });

  describe('requireApiKey', () => {
    let locked: { id: number; uuid: string };
    beforeAll(async () => {
      const res = await t.request('POST', '/forms', {
        key,
        body: {
          title: 'Locked',
          settings: { requireApiKey: true },
          fields: [{ type: 'SHORT_TEXT', label: 'Q', ref: 'q' }],
        },
      });
      locked = res.body.data;
      await t.request('POST', `/forms/${locked.id}/publish`, { key });
    });

    it("should refuse web submissions (401), keys of another organization (403) and a bad key (401), and take the owner's X-API-Key", async () => {
      expect((await pub('GET', `/f/${locked.uuid}`)).body.data.settings).toEqual({
        requiresAuth: true,
        hasPassword: false,
        layout: 'ALL_AT_ONCE',
        thankYouMessage: null,
      });
      const web = await pub('POST', `/f/${locked.uuid}/submit`, { data: { q: 'hi' } });
      expect(web.status).toBe(401);
      expect(web.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      expect((await pub('POST', `/f/${locked.uuid}/partial`, { data: { q: 'hi' } })).status).toBe(401);
      const stranger = await t.key('forms-stranger');
      const foreign = await pub('POST', `/f/${locked.uuid}/submit`, { data: { q: 'hi' } }, { 'x-api-key': stranger });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect(
        (await pub('POST', `/f/${locked.uuid}/submit`, { data: { q: 'hi' } }, { 'x-api-key': 'sk_srv_forged' })).status,
      ).toBe(401);
      const owner = await pub('POST', `/f/${locked.uuid}/submit`, { data: { q: 'hi' } }, { 'x-api-key': key });
      expect(owner.status).toBe(201);
      expect(owner.body.data.status).toBe('COMPLETED');
    });
  });

  describe('limits', () => {
    it('should allow 10 public submissions per minute per IP, then 429 RATE_LIMITED in the forms envelope', async () => {
      const f = await t.request('POST', '/forms', {
        key,
        body: { title: 'Limited', fields: [{ type: 'NPS', label: 'Score' }] },
      });
      await t.request('POST', `/forms/${f.body.data.id}/publish`, { key });
      // Windows are fixed minutes: count the successes of the window the 429 falls in, so a minute boundary crossed
      // mid-test cannot make it flaky.
      let window: unknown;
      let accepted = 0;
      let limited: Awaited<ReturnType<typeof pub>> | undefined;
      for (let i = 0; i < 25 && !limited; i++) {
        const res = await pub('POST', `/f/${f.body.data.uuid}/submit`, { data: { score: i % 11 } });
        expect(res.headers['x-ratelimit-limit']).toBe('10');
        if (res.headers['x-ratelimit-reset'] !== window) [window, accepted] = [res.headers['x-ratelimit-reset'], 0];
        if (res.status === 429) limited = res;
        else {
          expect(res.status).toBe(201);
          accepted++;
        }
      }
      expect(accepted).toBe(10);
      limited = limited!;
      expect(limited.body).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.any(String), details: { retryAfter: expect.any(Number) } },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another visitor is not affected.
      expect(
        (await pub('POST', `/f/${f.body.data.uuid}/submit`, { data: { score: 1 } }, undefined, newVisitorIp())).status,
      ).toBe(201);
    });

    it('should count complete submissions against the monthly formSubmissions quota (429 QUOTA_EXCEEDED)', async () => {
      const k = await t.key('forms-quota');
      const f = await t.request('POST', '/forms', {
        key: k,
        body: { title: 'Quota', fields: [{ type: 'NPS', label: 'Score' }] },
      });
      await t.request('POST', `/forms/${f.body.data.id}/publish`, { key: k });
      const conn = t.platform.orm.em.getConnection();
      const [org] = await conn.execute<{ id: string }[]>(
        "select id from platform.organizations where slug = 'forms-quota'",
      );
      expect((await pub('POST', `/f/${f.body.data.uuid}/submit`, { data: { score: 1 } })).status).toBe(201);
      const [usage] = await conn.execute<{ used: string }[]>(
        "select used from platform.usage where organization_id = ? and resource = 'formSubmissions'",
        [org!.id],
      );
      expect(Number(usage!.used)).toBe(1);
      await conn.execute(
        "update platform.usage set used = 1000 where organization_id = ? and resource = 'formSubmissions'",
        [org!.id],
      );
      const over = await pub('POST', `/f/${f.body.data.uuid}/submit`, { data: { score: 2 } });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({
        error: {
          code: 'QUOTA_EXCEEDED',
          message: expect.any(String),
          details: { quota: 1000, used: 1000, resetsAt: expect.any(String) },
        },
      });
      // Nothing was stored, counted or announced for the refused submission.
      const list = await t.request('GET', `/forms/${f.body.data.id}/submissions`, { key: k });
      expect(list.body.meta.total).toBe(1);
      const [after] = await conn.execute<{ used: string }[]>(
        "select used from platform.usage where organization_id = ? and resource = 'formSubmissions'",
        [org!.id],
      );
      expect(Number(after!.used)).toBe(1000);
      expect((await events('form.submitted')).filter((e) => e.data.formId === f.body.data.id)).toHaveLength(1);
      // Partial saves do not count.
      expect((await pub('POST', `/f/${f.body.data.uuid}/partial`, { data: { score: 3 } })).status).toBe(200);
    });
  });
});
