import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** How long a rendered page's form may be posted back: a long questionnaire or an open tab overnight still works. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Forgery protection for the hosted pages' plain HTML forms, without cookies (an embedded page is a third-party frame,
 * where browsers drop cookies): the browser's Origin (or Fetch Metadata) must be the platform's own, and the post must
 * carry a token the platform signed for that page (its purpose, e.g. the form or the booking) a short while ago.
 * docs/decisions/0130-hosted-pages.md.
 */
export class PagePostGuard {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token for the hidden `_csrf` field of a page about `purpose`. */
  issue(purpose: string): string {
    const issued = this.now().toString(36);
    return `${issued}.${this.sign(purpose, issued)}`;
  }

  /** Whether a POST may change something: same-origin browser request with a fresh token for `purpose`. */
  accepts(request: FastifyRequest, purpose: string, token: unknown): boolean {
    return sameOrigin(request) && this.validToken(purpose, token);
  }

  private validToken(purpose: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length > 200) return false;
    const [issued, mac] = token.split('.');
    if (!issued || !mac) return false;
    const at = parseInt(issued, 36);
    const age = this.now() - at;
    if (!Number.isFinite(at) || age < 0 || age > TOKEN_LIFETIME_MS) return false;
    const expected = Buffer.from(this.sign(purpose, issued));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(purpose: string, issued: string): string {
    return createHmac('sha256', this.secret).update(`page-post\0${purpose}\0${issued}`).digest('base64url');
  }
}

/**
 * A browser says where a form post comes from: `Sec-Fetch-Site` (every current browser), else `Origin`. Either must
 * name this host; a request with neither (curl, old clients) is no browser a third site could drive, and passes on the
 * token alone.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  if (origin === 'null') return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
