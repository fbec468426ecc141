/** Open/click tracking and one-click unsubscribe (RFC 8058): signed tokens in URLs under `{publicUrl}/emails/t/`. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TrackingAction = 'open' | 'click' | 'unsubscribe';

export interface TrackingPayload {
  /** Organization that sent the message. */
  organizationId: string;
  /** Public id of the message the event belongs to. */
  messageId: string;
  /** What the URL records. */
  action: TrackingAction;
  /** Original link target; present on click tokens only. */
  url?: string;
}

export interface TrackingOptions {
  /** Base URL users reach the platform on, without a trailing slash. */
  publicUrl: string;
  /** Secret the tokens are signed with (see link-secret.ts). */
  secret: string;
  /** Organization that sends the message. */
  organizationId: string;
  /** Public id of the message. */
  messageId: string;
  /** Append the invisible open pixel. */
  trackOpens: boolean;
  /** Rewrite http(s) links through the click redirect. */
  trackClicks: boolean;
}

/** Path segment all tracking URLs live under, relative to publicUrl. */
export const TRACKING_PATH = '/emails/t';

// The internal secret also signs other things; a context string keeps a tracking token from verifying anywhere else.
const CONTEXT = 'email-tracking:v1:';
// Real tokens are a few hundred characters; anything much longer is garbage and not worth hashing.
const MAX_TOKEN_LENGTH = 8192;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ACTIONS: readonly TrackingAction[] = ['open', 'click', 'unsubscribe'];

/** Compact wire form: one-letter keys keep the URLs short. */
interface WirePayload {
  o: string;
  m: string;
  a: TrackingAction;
  u?: string;
}

/** `base64url(json).base64url(HMAC-SHA256)`, safe to put in a URL path segment. */
export function signTrackingToken(secret: string, payload: TrackingPayload): string {
  const wire: WirePayload = { o: payload.organizationId, m: payload.messageId, a: payload.action };
  if (payload.url !== undefined) wire.u = payload.url;
  const body = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload of a genuine token, or null for anything else. Never throws. */
export function verifyTrackingToken(secret: string, token: string): TrackingPayload | null {
  try {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    if (parts.length !== 2 || !BASE64URL.test(parts[0]) || !BASE64URL.test(parts[1])) return null;
    const [body, signature] = parts;
    const expected = mac(secret, body);
    const given = Buffer.from(signature, 'base64url');
    // timingSafeEqual throws on a length mismatch, and the length of a MAC is no secret.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return fromWire(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

/** Adds the open pixel and/or routes http(s) links through the click redirect. */
export function applyTracking(html: string, opts: TrackingOptions): string {
  const base = `${opts.publicUrl}${TRACKING_PATH}`;
  const sign = (action: TrackingAction, url?: string) =>
    signTrackingToken(opts.secret, { organizationId: opts.organizationId, messageId: opts.messageId, action, url });
  let out = html;
  if (opts.trackClicks) out = rewriteLinks(out, base, (url) => `${base}/click/${sign('click', url)}`);
  if (opts.trackOpens)
    out = insertPixel(out, `<img src="${base}/open/${sign('open')}" width="1" height="1" alt="" style="display:none">`);
  return out;
}

/** RFC 2369 + RFC 8058 headers; mail clients POST `List-Unsubscribe=One-Click` to the URL. */
export function unsubscribeHeaders(opts: {
  publicUrl: string;
  secret: string;
  organizationId: string;
  messageId: string;
}): Record<string, string> {
  const token = signTrackingToken(opts.secret, {
    organizationId: opts.organizationId,
    messageId: opts.messageId,
    action: 'unsubscribe',
  });
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(opts.publicUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${TRACKING_PATH}/unsubscribe/${token}`;
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(CONTEXT).update(body).digest();
}

function fromWire(value: unknown): TrackingPayload | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { o, m, a, u } = value as Record<string, unknown>;
  if (typeof o !== 'string' || typeof m !== 'string' || !ACTIONS.includes(a as TrackingAction)) return null;
  if (u !== undefined && typeof u !== 'string') return null;
  // Click tokens must carry a web URL: the redirect endpoint sends the reader there.
  if (a === 'click' && (u === undefined || !isWebUrl(u))) return null;
  const payload: TrackingPayload = { organizationId: o, messageId: m, action: a as TrackingAction };
  if (u !== undefined) payload.url = u;
  return payload;
}

// An href attribute after whitespace (so `data-href` does not count), double- or single-quoted; the quote classes are disjoint, keeping it linear.
const HREF = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;

function rewriteLinks(html: string, trackingBase: string, redirect: (url: string) => string): string {
  return html.replace(
    HREF,
    (whole: string, prefix: string, doubleQuoted: string | undefined, singleQuoted: string | undefined) => {
      const quote = doubleQuoted !== undefined ? '"' : "'";
      const url = decodeEntities((doubleQuoted ?? singleQuoted ?? '').trim());
      // mailto:, tel:, #anchors and relative links fail this test; our own links (unsubscribe, already tracked) are skipped.
      if (!isWebUrl(url) || url.startsWith(`${trackingBase}/`)) return whole;
      return `${prefix}${quote}${redirect(url)}${quote}`;
    },
  );
}

function insertPixel(html: string, pixel: string): string {
  let index = -1;
  for (const match of html.matchAll(/<\/body\s*>/gi)) index = match.index;
  return index < 0 ? html + pixel : html.slice(0, index) + pixel + html.slice(index);
}

function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s]/i.test(url);
}

const NAMED_ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
]);

/** Attribute values are HTML: `&amp;` in an href means `&` in the URL the reader gets sent to. */
function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,6});/g, (whole: string, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES.get(entity.toLowerCase()) ?? whole;
  });
}
