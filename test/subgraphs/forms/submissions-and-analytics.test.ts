import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

describe('form submissions and analytics through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  let form: { id: number; uuid: string };
  let fieldIds: Record<string, number>;

  const pub = (path: string, body: unknown) => fromIp(t.url, newVisitorIp(), 'POST', path, { body });
  const sql = (query: string, params: unknown[] = []) => t.platform.orm.em.getConnection().execute(query, params);

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-subs');
    other = await t.key('forms-subs-other');
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Survey',
        fields: [
          { type: 'SHORT_TEXT', label: 'Name', ref: 'name' },
          { type: 'NPS', label: 'Score', ref: 'score' },
        ],
      },
    });
    form = created.body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
    fieldIds = Object.fromEntries(
      (await t.request('GET', `/forms/${form.id}`, { key })).body.data.fields.map((f: { ref: string; id: number }) => [
        f.ref,
        f.id,
      ]),
    );
  });
  afterAll(() => t.stop());

  describe('submissions', () => {
    let complete: string[];
    let partial: string;
    beforeAll(async () => {
      complete = [];
      for (let i = 0; i < 3; i++)
        complete.push(
          (await pub(`/f/${form.uuid}/submit`, { data: { name: `P${i}`, score: i } })).body.data.submissionId,
        );
      partial = (await pub(`/f/${form.uuid}/partial`, { data: { name: 'Half' }, lastFieldId: fieldIds.name })).body.data
        .submissionId;
    });

    it('should list newest first with the forms meta, and filter by status', async () => {
      const all = await t.request('GET', `/forms/${form.id}/submissions`, { key });
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
      expect(all.body.data.map((s: { submissionId: string }) => s.submissionId)).toEqual([
        partial,
        ...[...complete].reverse(),
      ]);
      const partials = await t.request('GET', `/forms/${form.id}/submissions?status=partial`, { key });
      expect(partials.body).toEqual({
        data: [expect.objectContaining({ submissionId: partial, status: 'partial', answers: { name: 'Half' } })],
        meta: { page: 1, limit: 20, total: 1, totalPages: 1 },
      });
      const page2 = await t.request('GET', `/forms/${form.id}/submissions?status=complete&limit=2&page=2`, { key });
      expect(page2.body.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
      expect(page2.body.data.map((s: { submissionId: string }) => s.submissionId)).toEqual([complete[0]]);
    });

    it('should filter by startDate and endDate (a date-only endDate covers its day)', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (await t.request('GET', `/forms/${form.id}/submissions?startDate=${today}&endDate=${today}`, { key })).body.meta
          .total,
      ).toBe(4);
      expect(
        (await t.request('GET', `/forms/${form.id}/submissions?endDate=2020-01-01`, { key })).body.meta.total,
      ).toBe(0);
      expect(
        (await t.request('GET', `/forms/${form.id}/submissions?startDate=2999-01-01T00:00:00Z`, { key })).body.meta
          .total,
      ).toBe(0);
    });

    it.each([
      ['status=done', { field: 'status', received: 'done', expected: ['partial', 'complete'] }],
      ['startDate=yesterday', { field: 'startDate', received: 'yesterday' }],
      ['startDate=2026-02-01&endDate=2026-01-01', { field: 'startDate' }],
      ['limit=500', { field: 'limit', received: 500 }],
    ])('should refuse %s with 400 VALIDATION_ERROR', async (query, details) => {
      const res = await t.request('GET', `/forms/${form.id}/submissions?${query}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details });
    });

    it('should get one submission and delete it with 204; another organization gets 404', async () => {
      const id = complete[1]!;
      const got = await t.request('GET', `/forms/${form.id}/submissions/${id}`, { key });
      expect(got.body).toEqual({
        data: {
          submissionId: id,
          formId: form.id,
          status: 'complete',
          answers: { name: 'P1', score: 1 },
          respondentEmail: null,
          metadata: {},
          lastFieldId: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          completedAt: expect.any(String),
        },
      });
      expect((await t.request('GET', `/forms/${form.id}/submissions/${id}`, { key: other })).status).toBe(404);
      expect((await t.request('DELETE', `/forms/${form.id}/submissions/${id}`, { key: other })).status).toBe(404);
      const deleted = await t.request('DELETE', `/forms/${form.id}/submissions/${id}`, { key });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const gone = await t.request('GET', `/forms/${form.id}/submissions/${id}`, { key });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Submission not found' } });
      complete.splice(1, 1);
    });
  });

  describe('analytics', () => {
    let a: { id: number; uuid: string };
    beforeAll(async () => {
      const created = await t.request('POST', '/forms', {
        key,
        body: {
          title: 'Analytics',
          fields: [
            { type: 'SHORT_TEXT', label: 'Name', ref: 'name' },
            { type: 'NPS', label: 'Score', ref: 'score' },
          ],
        },
      });
      a = created.body.data;
      await t.request('POST', `/forms/${a.id}/publish`, { key });
      const fields = (await t.request('GET', `/forms/${a.id}`, { key })).body.data.fields;
      const [org] = (await sql("select id from platform.organizations where slug = 'forms-subs'")) as { id: string }[];
      // Fixed times make the buckets exact: 2026-11-02 is a Monday; 23:30 UTC on the 22nd is the 23rd in Paris.
      const views = [
        '2026-11-02T10:00:00Z',
        '2026-11-02T11:00:00Z',
        '2026-11-03T10:00:00Z',
        '2026-11-22T23:30:00Z',
        '2026-12-01T09:00:00Z',
      ];
      for (const at of views)
        await sql('insert into forms.views (organization_id, form_id, created_at) values (?, ?, ?)', [
          org!.id,
          a.id,
          at,
        ]);
      const subs: [string, string, string | null, number | null][] = [
        ['2026-11-02T10:05:00Z', 'complete', '2026-11-02T10:06:00Z', null],
        ['2026-11-03T10:05:00Z', 'partial', null, fields[0].id],
        ['2026-11-22T23:35:00Z', 'complete', '2026-11-22T23:40:00Z', null],
        ['2026-12-01T09:05:00Z', 'partial', null, fields[1].id],
        ['2026-12-01T09:06:00Z', 'partial', null, fields[1].id],
      ];
      let n = 0;
      for (const [created, status, completed, last] of subs) {
        await sql(
          'insert into forms.submissions (id, organization_id, form_id, status, completed_at, last_field_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
          [`sub_fixture${n++}`, org!.id, a.id, status, completed, last, created, created],
        );
      }
    });

    const analytics = (query = '', k = key) => t.request('GET', `/forms/${a.id}/analytics${query}`, { key: k });

    it('should answer the summary, daily buckets and per-field drop-off', async () => {
      const res = await analytics();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          summary: { views: 5, starts: 5, completions: 2, completionRate: 0.4 },
          daily: [
            { date: '2026-11-02', views: 2, starts: 1, completions: 1 },
            { date: '2026-11-03', views: 1, starts: 1, completions: 0 },
            { date: '2026-11-22', views: 1, starts: 1, completions: 1 },
            { date: '2026-12-01', views: 1, starts: 2, completions: 0 },
          ],
          dropOff: [
            { fieldId: expect.any(Number), ref: 'name', label: 'Name', count: 1 },
            { fieldId: expect.any(Number), ref: 'score', label: 'Score', count: 2 },
          ],
        },
      });
    });

    it('should bucket by week and month, in the requested time zone, within the date range', async () => {
      expect((await analytics('?groupBy=week')).body.data.daily).toEqual([
        { date: '2026-11-02', views: 3, starts: 2, completions: 1 },
        { date: '2026-11-16', views: 1, starts: 1, completions: 1 },
        { date: '2026-11-30', views: 1, starts: 2, completions: 0 },
      ]);
      expect((await analytics('?groupBy=month')).body.data.daily).toEqual([
        { date: '2026-11-01', views: 4, starts: 3, completions: 2 },
        { date: '2026-12-01', views: 1, starts: 2, completions: 0 },
      ]);
      const paris = await analytics('?timezone=Europe/Paris&startDate=2026-11-20T00:00:00Z&endDate=2026-11-30');
      expect(paris.body.data.summary).toEqual({ views: 1, starts: 1, completions: 1, completionRate: 1 });
      expect(paris.body.data.daily).toEqual([{ date: '2026-11-23', views: 1, starts: 1, completions: 1 }]);
    });

    it.each([
      ['?groupBy=year', { field: 'groupBy', received: 'year', expected: ['day', 'week', 'month'] }],
      ['?timezone=Mars/Olympus', { field: 'timezone', received: 'Mars/Olympus' }],
      ['?startDate=soon', { field: 'startDate', received: 'soon' }],
    ])('should refuse %s with 400 VALIDATION_ERROR', async (query, details) => {
      const res = await analytics(query);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details });
    });

    it('should answer 404 to another organization', async () => {
      expect((await analytics('', other)).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Form not found' } });
    });
  });

  describe('GraphQL', () => {
    it('should serve typed queries for forms, submissions and analytics', async () => {
      const res = await t.graphql(
        key,
        `query($id: ID!) {
        forms(limit: 1) { data { id title } meta { page limit total totalPages } }
        form(id: $id) { title fields { ref type } analytics { views submissions completionRate } }
        formSubmissions(formId: $id, status: "complete") { meta { total } }
        formAnalytics(formId: $id) { summary { completions } }
      }`,
        { id: String(form.id) },
      );
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.form).toEqual({
        title: 'Survey',
        fields: [
          { ref: 'name', type: 'SHORT_TEXT' },
          { ref: 'score', type: 'NPS' },
        ],
        analytics: { views: 0, submissions: 2, completionRate: 0 },
      });
      expect(res.body.data.formSubmissions.meta.total).toBe(2);
      expect(res.body.data.formAnalytics.summary.completions).toBe(2);
      expect(res.body.data.forms.meta).toMatchObject({ page: 1, limit: 1 });
    });

    it("should find a respondent's submissions across forms by email (the CRM link), case-insensitively, in the caller's organization only", async () => {
      const submitted = (
        await pub(`/f/${form.uuid}/submit`, { data: { name: 'Lin' }, respondentEmail: 'Lin@Example.com' })
      ).body.data.submissionId;
      const partial = (await pub(`/f/${form.uuid}/partial`, { data: { score: 3 }, respondentEmail: 'lin@example.com' }))
        .body.data.submissionId;
      const query =
        'query($email: String!) { formSubmissionsByRespondent(email: $email) { data { submissionId respondentEmail status } meta { total } } }';
      const mine = await t.graphql(key, query, { email: 'LIN@example.com' });
      expect(mine.body.data.formSubmissionsByRespondent).toEqual({
        data: [
          { submissionId: partial, respondentEmail: 'lin@example.com', status: 'partial' },
          { submissionId: submitted, respondentEmail: 'lin@example.com', status: 'complete' },
        ],
        meta: { total: 2 },
      });
      expect(
        (await t.graphql(other, query, { email: 'lin@example.com' })).body.data.formSubmissionsByRespondent.meta.total,
      ).toBe(0);
      const bad = await t.graphql(key, query, { email: 'nope' });
      expect(bad.body.errors[0].extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'email', received: 'nope' },
      });
    });
  });
});
