import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';

describe('GraphiQL at GET /graphql, offline', () => {
  let t: TestPlatform;
  const get = (path: string, accept = 'text/html') => fetch(`${t.url}${path}`, { headers: { accept } });

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule()] });
  });
  afterAll(() => t.stop());

  it('should serve the IDE page to a browser, with scripts from this origin only', async () => {
    const res = await get('/graphql', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      '/graphql/ide/graphiql.css',
      '/graphql/ide/react.js',
      '/graphql/ide/react-dom.js',
      '/graphql/ide/graphiql.js',
      '/graphql/ide/init.js',
    ]);
    for (const source of sources) {
      const asset = await get(source!, '*/*');
      expect([source, asset.status]).toEqual([source, 200]);
      expect(asset.headers.get('content-type')).toMatch(source!.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(source!.endsWith('init.js') ? 100 : 5_000);
    }
    const init = await (await get('/graphql/ide/init.js', '*/*')).text();
    expect(init).toContain("subscriptionUrl: location.origin.replace(/^http/, 'ws') + '/graphql'");
  });

  it('should leave the API as it was: JSON callers, GET queries and unknown assets', async () => {
    const api = await get('/graphql', 'application/json');
    expect(api.status).toBe(401);
    expect(((await api.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe(
      'UNAUTHORIZED',
    );
    expect((await get('/graphql?query=%7B__typename%7D')).status).toBe(401); // a GET query is an API call even from a browser
    const unknown = await get('/graphql/ide/../../package.json', '*/*');
    expect(unknown.status).toBe(404);
    expect((await get('/graphql/ide/secrets.js', '*/*')).status).toBe(404);
    const key = await t.key('ide');
    const answered = await fetch(`${t.url}/graphql?query=%7B__typename%7D`, {
      headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
    });
    expect(await answered.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
