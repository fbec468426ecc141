import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

// Public submits reuse a per-process copy of the LIVE form (subgraphs/forms/public/live-form.cache.ts). Each test
// submits once so the copy exists, changes the form, and expects the very next submit to see the change: through the
// API (this process) and straight in the database (as another process of a split deployment would).
describe('public submit: the cached LIVE form never outlives a change', () => {
  let t: TestPlatform;
  let key: string;

  const sql = <T extends object[] = object[]>(query: string, params: unknown[] = []) =>
    t.platform.orm.em.getConnection().execute<T>(query, params);
  const submit = (ref: string, data: Record<string, unknown>, headers?: Record<string, string>) =>
    fromIp(t.url, newVisitorIp(), 'POST', `/f/${ref}/submit`, { body: { data }, headers });
  /** A LIVE form with one optional SELECT field, already submitted to once (so it is cached). */
  const liveForm = async (slug: string) => {
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: slug,
        slug,
        fields: [{ type: 'SELECT', label: 'Plan', ref: 'plan', settings: { options: ['Free', 'Pro'] } }],
      },
    });
    const { id } = created.body.data as { id: number };
    expect((await t.request('POST', `/forms/${id}/publish`, { key })).status).toBe(200);
    const form = (await t.request('GET', `/forms/${id}`, { key })).body.data as {
      id: number;
      uuid: string;
      fields: { id: number }[];
    };
    expect((await submit(form.uuid, { plan: 'Pro' })).status).toBe(201);
    return form;
  };

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-cache');
  });
  afterAll(() => t.stop());

  it('should refuse submits at once after unpublish (404) and take them again after publish', async () => {
    const form = await liveForm('unpublished');
    expect((await t.request('POST', `/forms/${form.id}/unpublish`, { key })).status).toBe(200);
    const refused = await submit(form.uuid, { plan: 'Pro' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('NOT_FOUND');
    expect((await t.request('POST', `/forms/${form.id}/publish`, { key })).status).toBe(200);
    expect((await submit(form.uuid, { plan: 'Pro' })).status).toBe(201);
  });

  it('should validate against a field changed through the API on the next submit', async () => {
    const form = await liveForm('field-edited');
    const fieldId = form.fields[0]!.id;
    expect(
      (
        await t.request('PUT', `/forms/${form.id}/fields/${fieldId}`, {
          key,
          body: { settings: { options: ['Team'] } },
        })
      ).status,
    ).toBe(200);
    const old = await submit(form.uuid, { plan: 'Pro' });
    expect(old.status).toBe(400);
    expect(old.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'plan' } });
    expect((await submit(form.uuid, { plan: 'Team' })).status).toBe(201);
  });

  it('should require a field added through the API on the next submit', async () => {
    const form = await liveForm('field-added');
    expect(
      (
        await t.request('POST', `/forms/${form.id}/fields`, {
          key,
          body: { type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true },
        })
      ).status,
    ).toBe(201);
    const missing = await submit(form.uuid, { plan: 'Pro' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'name' } });
    expect((await submit(form.uuid, { plan: 'Pro', name: 'Ada' })).status).toBe(201);
  });

  it('should apply new settings (requireApiKey) on the next submit', async () => {
    const form = await liveForm('settings-changed');
    expect(
      (await t.request('PUT', `/forms/${form.id}`, { key, body: { settings: { requireApiKey: true } } })).status,
    ).toBe(200);
    expect((await submit(form.uuid, { plan: 'Pro' })).status).toBe(401);
    expect((await submit(form.uuid, { plan: 'Pro' }, { 'x-api-key': key })).status).toBe(201);
  });

  it('should see changes another process wrote straight to the database: a field made required, then the form paused', async () => {
    const form = await liveForm('changed-elsewhere');
    await sql('update forms.fields set required = true where form_id = ?', [form.id]);
    const missing = await submit(form.uuid, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'plan' } });
    await sql("update forms.forms set status = 'PAUSED' where id = ?", [form.id]);
    expect((await submit(form.uuid, { plan: 'Pro' })).status).toBe(404);
  });

  it('should stop answering at an old slug once the form is renamed', async () => {
    const form = await liveForm('old-slug');
    expect((await submit('old-slug', { plan: 'Pro' })).status).toBe(201);
    expect((await t.request('PUT', `/forms/${form.id}`, { key, body: { slug: 'new-slug' } })).status).toBe(200);
    expect((await submit('old-slug', { plan: 'Pro' })).status).toBe(404);
    expect((await submit('new-slug', { plan: 'Pro' })).status).toBe(201);
  });

  it('should store exactly one submission, one count and one form.submitted per accepted submit, none for refused ones', async () => {
    const form = await liveForm('counted');
    await t.request('POST', `/forms/${form.id}/unpublish`, { key });
    expect((await submit(form.uuid, { plan: 'Pro' })).status).toBe(404);
    const [stored] = await sql<{ n: string }[]>('select count(*) as n from forms.submissions where form_id = ?', [
      form.id,
    ]);
    const [announced] = await sql<{ n: string }[]>(
      "select count(*) as n from platform.events where type = 'form.submitted' and (data->>'formId')::int = ?",
      [form.id],
    );
    expect(Number(stored!.n)).toBe(1);
    expect(Number(announced!.n)).toBe(1);
    const organization = '(select organization_id from forms.forms where id = ?)';
    const [usage] = await sql<{ used: string }[]>(
      `select used from platform.usage where resource = 'formSubmissions' and organization_id = ${organization}`,
      [form.id],
    );
    const [complete] = await sql<{ n: string }[]>(
      `select count(*) as n from forms.submissions where status = 'complete' and organization_id = ${organization}`,
      [form.id],
    );
    expect(Number(usage!.used)).toBe(Number(complete!.n));
  });
});
