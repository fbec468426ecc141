import { DomainError } from '../../../platform/errors/domain-error.js';
import { validation } from '../shared/support-page.js';
import type { Inbox } from '../entities/inbox.entity.js';

/** `scheme://host[:port]` of an http(s) origin as browsers send it in `Origin`, or null when it is not one. */
export function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  return url.origin;
}

/** The inbox's allowed origins as saved: each one an origin, without repeats; an empty list means any origin. */
export function checkAllowedOrigins(values: string[] | null | undefined): string[] | null {
  if (!values || values.length === 0) return null;
  const origins = values.map((value, i) => {
    const origin = originOf(value.trim());
    if (!origin)
      throw validation(
        `allowedOrigins[${i}]`,
        value,
        'an origin: scheme://host[:port], http or https, no path',
        'Not an origin',
      );
    return origin;
  });
  return [...new Set(origins)];
}

/**
 * Whether a widget request may act for the inbox. Browsers always send `Origin` on the widget's cross-origin calls
 * and WebSocket upgrades, so a page on another site is refused; a caller without one (a server, a test) is not a
 * page on another site. The platform's own origin (its demo page) is always allowed.
 */
export function assertOriginAllowed(
  inbox: Pick<Inbox, 'allowedOrigins'>,
  origin: string | null | undefined,
  platformOrigin: string,
): void {
  if (!origin || !inbox.allowedOrigins?.length) return;
  const normalized = originOf(origin);
  if (normalized && (normalized === platformOrigin || inbox.allowedOrigins.includes(normalized))) return;
  throw new DomainError('FORBIDDEN', 'The widget of this inbox does not run on this origin', {
    field: 'origin',
    received: origin,
    expected: inbox.allowedOrigins,
  });
}
