import { gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/** A GET with Accept-Encoding gzip, its bytes as sent. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the hosted form page through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let uuid: string;

  beforeAll(async () => {
    t = await startTestPlatform({ PUBLIC_URL: 'https://forms.example.test' });
    key = await t.key('hosted-page');
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Contact',
        slug: 'contact',
        fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true }],
      },
    });
    uuid = created.body.data.uuid;
    await t.request('POST', `/forms/${created.body.data.id}/publish`, { key });
  }, 120_000);
  afterAll(() => t.stop());

  it('should answer a page to a browser and JSON to everyone else at the same URL', async () => {
    const page = await fetch(`${t.url}/f/contact`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await page.text();
    expect(text).toContain('<label for="q-name">Name<span class="req" aria-hidden="true"> *</span></label>');
    expect(text).toContain('<button type="submit" id="submit">Submit</button>');
    for (const accept of [undefined, 'application/json', '*/*', 'application/json, text/html']) {
      const json = await t.request('GET', '/f/contact', { headers: accept ? { accept } : {} });
      expect([json.status, json.body.data.uuid]).toEqual([200, uuid]);
    }
  });

  it('should be embeddable, under its own nonce policy, gzipped for browsers that take it', async () => {
    const res = await rawGet(`${t.url}/f/${uuid}`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.body).toString('utf8');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Every script and style of the page runs under the response's nonce; none is loaded from elsewhere.
    expect([...html.matchAll(/<(script|style)\b([^>]*)>/g)].every((m) => m[2]!.includes(`nonce="${nonce}"`))).toBe(
      true,
    );
    expect(html).not.toMatch(/\ssrc="https?:/);
    expect(res.body.length).toBeLessThan(100 * 1024);
  });

  it('should serve the embed script and carry url and embed on the form', async () => {
    const script = await fetch(`${t.url}/f/embed.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain("'/f/'+id");
    const detail = (await t.request('GET', `/forms/${uuid}`, { key })).body.data;
    expect(detail.url).toBe(`https://forms.example.test/f/${uuid}`);
  });

  it('should tell closed forms from unknown ones, with the status a crawler understands', async () => {
    const created = await t.request('POST', '/forms', {
      key,
      body: { title: 'Old <b>poll</b>', fields: [{ type: 'SHORT_TEXT', label: 'A', ref: 'a' }] },
    });
    await t.request('POST', `/forms/${created.body.data.id}/publish`, { key });
    await t.request('PUT', `/forms/${created.body.data.id}`, { key, body: { status: 'CLOSED' } });
    const closed = await fetch(`${t.url}/f/${created.body.data.uuid}`, { headers: { accept: 'text/html' } });
    expect(closed.status).toBe(410);
    const text = await closed.text();
    expect(text).toContain('<h1>This form is closed</h1>');
    expect(text).toContain('Old &lt;b&gt;poll&lt;/b&gt;');
    for (const ref of ['no-such-form', '00000000-0000-4000-8000-000000000000', '%00', 'a'.repeat(100)]) {
      const res = await fetch(`${t.url}/f/${ref}`, { headers: { accept: 'text/html' } });
      expect([res.status, (await res.text()).includes('<h1>Form not found</h1>')]).toEqual([404, true]);
    }
  });

  it('should refuse a post that is not a plain form, and one without its token, changing nothing', async () => {
    const json = await fetch(`${t.url}/f/${uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(json.status).toBe(415);
    const forged = await fetch(`${t.url}/f/${uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '_action=submit&name=Eve',
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This page expired');
    const list = await t.request('GET', `/forms/${uuid}/submissions`, { key });
    expect(list.body.data).toEqual([]);
  });
});
