import { html, jsonForScript, trustedHtml } from '../../../platform/http/html/html.js';
import { renderPage, wantsHtml } from '../../../platform/http/html/page.js';

describe('html', () => {
  it('should escape every interpolated value unless it is already markup', () => {
    const title = '<script>alert(1)</script>"\'&`';
    const out = html`<h1 title="${title}">${title}</h1>${html`<b>${'x<y'}</b>`}${trustedHtml('<hr>')}`;
    expect(out.value).toBe(
      '<h1 title="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&#96;">&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&#96;</h1><b>x&lt;y</b><hr>',
    );
  });

  it('should join arrays and write nothing for null, undefined and false', () => {
    expect(html`${['<a>', html`<i>b</i>`]}|${null}|${undefined}|${false}|${0}`.value).toBe('&lt;a&gt;<i>b</i>||||0');
  });

  it('should keep JSON in a script block from closing it', () => {
    expect(jsonForScript({ t: '</script><!--\u2028' }).value).toBe('{"t":"\\u003c/script\\u003e\\u003c!--\\u2028"}');
  });
});

describe('renderPage', () => {
  it("should run only the page's own scripts, under a fresh nonce, and refuse framing by default", () => {
    const a = renderPage({ title: 'T <x>', body: html`<p>hi</p>`, scripts: ['console.log(1)'] });
    const b = renderPage({ title: 'T', body: html`` });
    const nonce = /'nonce-([^']+)'/.exec(a.headers['Content-Security-Policy']!)![1]!;
    expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(b.headers['Content-Security-Policy']!)![1]);
    expect(a.body).toContain(`<script nonce="${nonce}">console.log(1)</script>`);
    expect(a.body).toContain('<title>T &lt;x&gt;</title>');
    expect(a.headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(a.headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(a.headers['X-Frame-Options']).toBe('DENY');
  });

  it('should let an embeddable page name who may frame it', () => {
    const page = renderPage({ title: 'T', body: html``, frameAncestors: '*' });
    expect(page.headers['Content-Security-Policy']).toContain('frame-ancestors *');
    expect(page.headers['X-Frame-Options']).toBe('');
  });
});

describe('wantsHtml', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['application/json', false],
    ['application/json, text/html', false],
    ['*/*', false],
    [undefined, false],
  ])('%s → %s', (accept, expected) => expect(wantsHtml(accept)).toBe(expected));
});
