import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

// The console's own endpoint and its serving rules (the app itself is driven in Chromium by test/system/console/).
describe('GET /console/api/session and the console’s paths', () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(() => t.stop());

  const session = (key?: string) =>
    fetch(`${t.url}/console/api/session`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

  it('should tell a SERVER key its organization and scopes, with every scope spelled out for a key with all of them', async () => {
    const all = await session(await t.key('console-session'));
    expect(all.status).toBe(200);
    expect(all.headers.get('x-request-id')).toBeTruthy();
    const body = (await all.json()) as any;
    expect(body.data.keyType).toBe('SERVER');
    expect(body.data.scopes).toEqual([
      'email',
      'sms',
      'forms',
      'webhooks',
      'auth',
      'calendar',
      'support',
      'domains',
      'crm',
      'mailboxes',
      'ai',
    ]);
    const narrow = (await (await session(await t.key('console-session', 'SERVER', ['crm', 'support']))).json()) as any;
    expect(narrow.data.scopes).toEqual(['support', 'crm']);
    expect(narrow.data.organizationId).toBe(body.data.organizationId);
  });

  it('should refuse no key, a wrong key and a SENDING key', async () => {
    expect((await session()).status).toBe(401);
    const wrong = await session('sk_not_a_real_key_at_all_0000');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as any).error.code).toBe('UNAUTHORIZED');
    const sending = await session(await t.key('console-session', 'SENDING'));
    expect(sending.status).toBe(403);
  });

  it('should answer 404 in JSON for other paths under /console/api/ and for asset names outside the build', async () => {
    for (const path of [
      '/console/api/other',
      '/console/assets/%2e%2e%2fpackage.json',
      '/console/assets/index.html',
      '/console/assets/missing-abc123.js',
    ]) {
      const res = await fetch(t.url + path);
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({
        path,
        status: 404,
        type: 'application/json; charset=utf-8',
      });
    }
  });

  it('should redirect a browser’s GET / to /console/ and leave other requests on / to the API', async () => {
    const browser = await fetch(`${t.url}/`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      redirect: 'manual',
    });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/console/');
    const requests: RequestInit[] = [
      { headers: { accept: '*/*' } },
      { headers: { accept: 'application/json, text/html' } },
      { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/json' }, body: '{}' },
    ];
    for (const init of requests) {
      const res = await fetch(`${t.url}/`, { ...init, redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});
