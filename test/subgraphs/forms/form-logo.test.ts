import { deflateSync } from 'node:zlib';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND with their CRCs), so the bytes are an image a browser would show. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('a form logo: stored by the API, served by the hosted page from this host', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  const image = png();

  beforeAll(async () => {
    t = await startTestPlatform({ PUBLIC_URL: 'https://forms.example.test' });
    key = await t.key('form-logo');
    other = await t.key('form-logo-other');
  }, 120_000);
  afterAll(() => t.stop());

  const liveForm = async (body: Record<string, unknown>, k = key) => {
    const created = await t.request('POST', '/forms', {
      key: k,
      body: { fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name' }], ...body },
    });
    expect(created.status).toBe(201);
    await t.request('POST', `/forms/${created.body.data.id}/publish`, { key: k });
    return created.body.data as { id: number; uuid: string };
  };

  it('should store a PNG logo, show it as theme.logoUrl, and serve it at that address with its type, cacheable by digest', async () => {
    const form = await liveForm({ title: 'Branded', theme: { preset: 'BOLD', logo: dataUrl('image/png', image) } });
    const detail = (await t.request('GET', `/forms/${form.id}`, { key })).body.data;
    expect(detail.theme).toEqual({
      preset: 'BOLD',
      logoUrl: expect.stringMatching(
        new RegExp(`^https://forms\\.example\\.test/f/${form.uuid}/logo\\?v=[0-9a-f]{16}$`),
      ),
    });
    const publicTheme = (await t.request('GET', `/f/${form.uuid}`)).body.data.theme;
    expect(publicTheme.logoUrl).toBe(detail.theme.logoUrl);

    const path = new URL(detail.theme.logoUrl).pathname + new URL(detail.theme.logoUrl).search;
    const served = await fetch(`${t.url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(`${t.url}/f/${form.uuid}/logo`)).headers.get('cache-control')).toBe('public, max-age=300');

    const page = await (await fetch(`${t.url}/f/${form.uuid}`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain(`<img src="${path}" alt="Branded" height="48">`);
    expect(page).not.toMatch(/\ssrc="https?:/);
  });

  it('should keep the logo when the rest of the theme changes, replace it, and remove it with null', async () => {
    const form = await liveForm({ title: 'Kept', theme: { logo: dataUrl('image/png', image) } });
    const first = (await t.request('GET', `/forms/${form.id}`, { key })).body.data.theme.logoUrl;
    expect((await t.request('PUT', `/forms/${form.id}`, { key, body: { theme: { font: 'SERIF' } } })).status).toBe(200);
    expect((await t.request('GET', `/forms/${form.id}`, { key })).body.data.theme).toEqual({
      font: 'SERIF',
      logoUrl: first,
    });

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    await t.request('PUT', `/forms/${form.id}`, { key, body: { theme: { logo: dataUrl('image/gif', gif) } } });
    const second = (await t.request('GET', `/forms/${form.id}`, { key })).body.data.theme.logoUrl;
    expect(second).not.toBe(first);
    const served = await fetch(`${t.url}${new URL(second).pathname}${new URL(second).search}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/gif']);

    await t.request('PUT', `/forms/${form.id}`, { key, body: { theme: { logo: null } } });
    expect((await t.request('GET', `/forms/${form.id}`, { key })).body.data.theme).toEqual({});
    // Served from a cache of the LIVE form for a few seconds at most; the stored image is gone at once.
    const [{ n }] = await t.platform.orm.em
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from forms.form_logos where form_id = ?', [form.id]);
    expect(Number(n)).toBe(0);
  });

  it.each([
    [
      'an SVG (it can carry script)',
      dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ],
    ['bytes that are not the declared type', dataUrl('image/jpeg', image)],
    ['text posing as an image', dataUrl('image/png', Buffer.from('not an image at all'))],
    ['an image over 100 KB', dataUrl('image/png', Buffer.concat([image, Buffer.alloc(100 * 1024)]))],
    ['a remote address', 'https://cdn.example.com/logo.png'],
    ['base64 that is not canonical', 'data:image/png;base64,iVBORw0KGgo=x'],
  ])('should refuse %s with 400 VALIDATION_ERROR naming theme.logo, creating nothing', async (_what, logo) => {
    const before = (await t.request('GET', '/forms', { key })).body.meta.total;
    const res = await t.request('POST', '/forms', { key, body: { title: 'Refused', theme: { logo } } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'theme.logo' } });
    expect((await t.request('GET', '/forms', { key })).body.meta.total).toBe(before);
  });

  it('should copy the logo with a duplicate, and serve no logo of a draft, of a form without one, or across organizations', async () => {
    const form = await liveForm({ title: 'Copied', theme: { logo: dataUrl('image/png', image) } });
    const copy = (await t.request('POST', `/forms/${form.id}/duplicate`, { key })).body.data;
    const copyTheme = (await t.request('GET', `/forms/${copy.id}`, { key })).body.data.theme;
    expect(copyTheme.logoUrl).toContain(`/f/${copy.uuid}/logo?v=`);
    // The copy is a DRAFT: its hosted page and logo are not public until it is published.
    expect((await fetch(`${t.url}/f/${copy.uuid}/logo`)).status).toBe(404);
    await t.request('POST', `/forms/${copy.id}/publish`, { key });
    expect(Buffer.from(await (await fetch(`${t.url}/f/${copy.uuid}/logo`)).arrayBuffer()).equals(image)).toBe(true);

    const plain = await liveForm({ title: 'Plain' });
    expect((await fetch(`${t.url}/f/${plain.uuid}/logo`)).status).toBe(404);
    expect((await t.request('GET', `/forms/${form.id}`, { key: other })).status).toBe(404);
    expect((await t.request('PUT', `/forms/${form.id}`, { key: other, body: { theme: { logo: null } } })).status).toBe(
      404,
    );
    expect((await fetch(`${t.url}/f/${form.uuid}/logo`)).status).toBe(200);
    expect((await fetch(`${t.url}/f/not-a-form/logo`)).status).toBe(404);
  });
});
