import { createHmac } from 'node:crypto';
import {
  applyTracking,
  signTrackingToken,
  unsubscribeHeaders,
  verifyTrackingToken,
  type TrackingPayload,
} from '../../../../subgraphs/email/sending/tracking.js';

const secret = 'a'.repeat(64);
const publicUrl = 'https://api.example.com';
const base = { publicUrl, secret, organizationId: 'org_1', messageId: 'em_1' };

/** The token of the first tracking URL of `kind` in `html`. */
function tokenIn(html: string, kind: 'open' | 'click'): string {
  const match = new RegExp(`${publicUrl}/emails/t/${kind}/([A-Za-z0-9_.-]+)`).exec(html);
  if (!match) throw new Error(`no ${kind} URL in ${html}`);
  return match[1];
}

describe('tracking tokens', () => {
  const payload: TrackingPayload = {
    organizationId: 'org_1',
    messageId: 'em_1',
    action: 'click',
    url: 'https://shop.example/a?b=1&c=2',
  };

  it('round-trips a payload', () => {
    const token = signTrackingToken(secret, payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyTrackingToken(secret, token)).toEqual(payload);
    expect(
      verifyTrackingToken(secret, signTrackingToken(secret, { organizationId: 'o', messageId: 'm', action: 'open' })),
    ).toEqual({
      organizationId: 'o',
      messageId: 'm',
      action: 'open',
    });
  });

  it('rejects a tampered token', () => {
    const [body, mac] = signTrackingToken(secret, payload).split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ o: 'org_2', m: 'em_1', a: 'click', u: 'https://evil.example' }),
    ).toString('base64url');
    expect(verifyTrackingToken(secret, `${forgedBody}.${mac}`)).toBeNull();
    const flipped = mac[0] === 'A' ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    expect(verifyTrackingToken(secret, `${body}.${flipped}`)).toBeNull();
    expect(verifyTrackingToken(secret, `${body}.${mac.slice(0, -2)}`)).toBeNull();
    expect(verifyTrackingToken('b'.repeat(64), `${body}.${mac}`)).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['no dot', 'abc'],
    ['too many dots', 'a.b.c'],
    ['bad characters', 'a+b/=.c'],
    ['huge', 'a'.repeat(100_000) + '.b'],
    ['unicode', 'é.é'],
  ])('returns null for garbage (%s)', (_name, token) => {
    expect(verifyTrackingToken(secret, token)).toBeNull();
  });

  it('returns null for non-string input without throwing', () => {
    expect(verifyTrackingToken(secret, undefined as unknown as string)).toBeNull();
    expect(verifyTrackingToken(secret, { split: () => [] } as unknown as string)).toBeNull();
  });

  it('returns null for a validly signed but malformed payload', () => {
    const sign = (json: string) => {
      const body = Buffer.from(json).toString('base64url');
      return `${body}.${createHmac('sha256', secret).update('email-tracking:v1:').update(body).digest('base64url')}`;
    };
    // Sanity check that the helper matches the real signer, so the nulls below are about the payload.
    expect(verifyTrackingToken(secret, sign('{"o":"o","m":"m","a":"open"}'))).not.toBeNull();
    expect(verifyTrackingToken(secret, sign('not json'))).toBeNull();
    expect(verifyTrackingToken(secret, sign('{"o":"o","m":"m","a":"delete"}'))).toBeNull();
    expect(verifyTrackingToken(secret, sign('{"o":1,"m":"m","a":"open"}'))).toBeNull();
    expect(verifyTrackingToken(secret, sign('{"o":"o","m":"m","a":"click","u":"javascript:alert(1)"}'))).toBeNull();
    expect(verifyTrackingToken(secret, sign('null'))).toBeNull();
  });
});

describe('applyTracking', () => {
  const html = [
    '<html><body>',
    '<a href="https://shop.example/p?x=1&amp;y=2">Shop</a>',
    "<a class='c' href='http://blog.example/post'>Blog</a>",
    '<a href="mailto:help@acme.example">Mail us</a>',
    '<a href="#top">Top</a>',
    '<a href="/relative">Relative</a>',
    `<a href="${publicUrl}/emails/t/unsubscribe/tok">Unsubscribe</a>`,
    '<a data-href="https://data.example">Data</a>',
    '</body></html>',
  ].join('\n');

  it('rewrites http(s) links to signed click URLs carrying the decoded original', () => {
    const out = applyTracking(html, { ...base, trackOpens: false, trackClicks: true });
    const clicks = [...out.matchAll(/emails\/t\/click\/([A-Za-z0-9_.-]+)/g)].map((m) =>
      verifyTrackingToken(secret, m[1]),
    );

    expect(clicks).toEqual([
      { organizationId: 'org_1', messageId: 'em_1', action: 'click', url: 'https://shop.example/p?x=1&y=2' },
      { organizationId: 'org_1', messageId: 'em_1', action: 'click', url: 'http://blog.example/post' },
    ]);
    expect(out).toContain(`<a class='c' href='${publicUrl}/emails/t/click/`);
    expect(out).not.toContain('https://shop.example');
    expect(out).not.toContain('<img');
  });

  it('leaves mailto, anchors, relative links, data attributes and the unsubscribe link alone', () => {
    const out = applyTracking(html, { ...base, trackOpens: false, trackClicks: true });
    expect(out).toContain('<a href="mailto:help@acme.example">Mail us</a>');
    expect(out).toContain('<a href="#top">Top</a>');
    expect(out).toContain('<a href="/relative">Relative</a>');
    expect(out).toContain(`<a href="${publicUrl}/emails/t/unsubscribe/tok">Unsubscribe</a>`);
    expect(out).toContain('<a data-href="https://data.example">Data</a>');
  });

  it('inserts the open pixel before </body>', () => {
    const out = applyTracking(html, { ...base, trackOpens: true, trackClicks: false });
    expect(out).toMatch(
      new RegExp(
        `<img src="${publicUrl}/emails/t/open/[A-Za-z0-9_.-]+" width="1" height="1" alt="" style="display:none"></body></html>$`,
      ),
    );
    expect(verifyTrackingToken(secret, tokenIn(out, 'open'))).toEqual({
      organizationId: 'org_1',
      messageId: 'em_1',
      action: 'open',
    });
    expect(out).toContain('href="https://shop.example/p?x=1&amp;y=2"');
  });

  it('appends the pixel when there is no </body>, and uses the last one', () => {
    expect(applyTracking('<p>Hi</p>', { ...base, trackOpens: true, trackClicks: false })).toMatch(
      /^<p>Hi<\/p><img src="[^"]+\/open\/[^"]+"[^>]*>$/,
    );
    const twice = applyTracking('<p>a</p></BODY><p>b</p></body >', { ...base, trackOpens: true, trackClicks: false });
    expect(twice).toMatch(/^<p>a<\/p><\/BODY><p>b<\/p><img [^>]+><\/body >$/);
  });

  it('does not track its own pixel as a link, and is a no-op with both off', () => {
    const out = applyTracking(html, { ...base, trackOpens: true, trackClicks: true });
    expect(out.match(/emails\/t\/click\//g)).toHaveLength(2);
    expect(out.match(/emails\/t\/open\//g)).toHaveLength(1);
    expect(applyTracking(html, { ...base, trackOpens: false, trackClicks: false })).toBe(html);
  });
});

describe('unsubscribeHeaders', () => {
  it('builds RFC 8058 one-click headers with a signed unsubscribe token', () => {
    const headers = unsubscribeHeaders(base);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const match = /^<https:\/\/api\.example\.com\/emails\/t\/unsubscribe\/([A-Za-z0-9_.-]+)>$/.exec(
      headers['List-Unsubscribe'],
    );
    expect(match).not.toBeNull();
    expect(verifyTrackingToken(secret, match![1])).toEqual({
      organizationId: 'org_1',
      messageId: 'em_1',
      action: 'unsubscribe',
    });
  });
});
