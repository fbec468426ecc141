import type { ServerResponse } from 'node:http';

/**
 * Headers on every response of the public port (docs/security.md). The API answers JSON and a few static HTML
 * pages (unsubscribe confirmation) without scripts, styles or forms, so one strict policy fits everything.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/** Set first: handlers that call writeHead later keep them (writeHead merges with headers already set). */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
