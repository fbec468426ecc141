import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

describe('password-protected forms through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let form: { id: number; uuid: string };

  const pub = (method: string, path: string, body?: unknown, password?: string) =>
    fromIp(t.url, newVisitorIp(), method, path, {
      body,
      headers: password === undefined ? {} : { 'x-form-password': password },
    });

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-password');
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Members only',
        settings: { password: 'open sesame', redirectUrl: 'https://example.com/thanks' },
        fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true }],
      },
    });
    expect(created.status).toBe(201);
    form = created.body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
  });
  afterAll(() => t.stop());

  it('should never return the password or its hash to the owner, only hasPassword', async () => {
    const detail = await t.request('GET', `/forms/${form.id}`, { key });
    expect(detail.body.data.settings).toEqual({ redirectUrl: 'https://example.com/thanks', hasPassword: true });
    expect(detail.text).not.toContain('open sesame');
    const stored = await t.platform.orm.em
      .getConnection()
      .execute<{ settings: Record<string, unknown> }[]>('select settings from forms.forms where id = ?', [form.id]);
    expect(stored[0]!.settings.passwordHash).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(stored[0]!.settings)).not.toContain('open sesame');
  });

  it('should show the title but no fields without the password, the fields with it, and 403 with a wrong one', async () => {
    const locked = await pub('GET', `/f/${form.uuid}`);
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({
      title: 'Members only',
      fields: [],
      settings: { requiresAuth: false, hasPassword: true },
    });
    const open = await pub('GET', `/f/${form.uuid}`, undefined, 'open sesame');
    expect(open.body.data.fields).toEqual([expect.objectContaining({ ref: 'name' })]);
    const wrong = await pub('GET', `/f/${form.uuid}`, undefined, 'open sesame!');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: { code: 'FORM_PASSWORD_INVALID', message: 'Wrong form password' } });
  });

  it('should refuse submissions without the password (401) or with a wrong one (403), storing nothing, and take the right one', async () => {
    const count = async () => (await t.request('GET', `/forms/${form.id}/submissions`, { key })).body.meta.total;
    const missing = await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Eve' } });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('FORM_PASSWORD_REQUIRED');
    expect((await pub('POST', `/f/${form.uuid}/partial`, { data: { name: 'Eve' } }, 'guess')).status).toBe(403);
    expect((await pub('POST', `/f/${form.uuid}/view`, {})).status).toBe(401);
    expect(await count()).toBe(0);

    const ok = await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Ada' } }, 'open sesame');
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ status: 'COMPLETED', redirectUrl: 'https://example.com/thanks' });
    expect(await count()).toBe(1);
  });

  it('should keep the password when other settings change, and remove it with password: null', async () => {
    await t.request('PUT', `/forms/${form.id}`, {
      key,
      body: { settings: { redirectUrl: 'https://example.com/merci' } },
    });
    expect((await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Eve' } })).status).toBe(401);
    const cleared = await t.request('PUT', `/forms/${form.id}`, { key, body: { settings: { password: null } } });
    expect(cleared.body.data.settings).toEqual({ hasPassword: false });
    expect((await pub('POST', `/f/${form.uuid}/submit`, { data: { name: 'Bob' } })).status).toBe(201);
  });

  it('should validate the password setting', async () => {
    const short = await t.request('POST', '/forms', { key, body: { title: 'x', settings: { password: 'abc' } } });
    expect(short.status).toBe(400);
    // A secret is never repeated back: only its kind and length.
    expect(short.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'settings.password', received: expect.stringMatching(/characters/) },
    });
    expect(JSON.stringify(short.body)).not.toContain('abc');
    expect(
      (await t.request('POST', '/forms', { key, body: { title: 'x', settings: { password: 1234 } } })).status,
    ).toBe(400);
  });
});
