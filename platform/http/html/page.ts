import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { html, trustedHtml, type SafeHtml } from './html.js';
import { BASE_CSS } from './base-css.js';

/**
 * A server-rendered page of the platform's own (hosted form, booking page, sign-in page): one HTML document with the
 * base stylesheet inline, its own styles and scripts under a per-response CSP nonce, nothing from another host.
 */
export interface PageOptions {
  /** The document title (escaped). */
  title: string;
  /** The `<main>` content. */
  body: SafeHtml;
  /** `lang` of the document. Default `en`. */
  lang?: string;
  /** CSS of the page itself, after the base stylesheet (trusted: the code's own, or values escaped by the caller). */
  css?: string;
  /** Inline scripts of the page (the code's own), each run under the response's nonce. */
  scripts?: string[];
  /** Same-origin script URLs. */
  scriptSrc?: string[];
  /** Who may frame the page: `'none'` (default) or a list of origins, `*` for any (embeddable pages). */
  frameAncestors?: string;
  /** Where forms may post. Default `'self'`. */
  formAction?: string;
  /** Extra `connect-src` sources beside `'self'` (for example `ws:` for graphql-ws). */
  connectSrc?: string[];
  /** Markup for `<head>` (meta tags), written as is. */
  head?: SafeHtml;
}

export interface RenderedPage {
  body: string;
  headers: Record<string, string>;
}

/** The document and the headers to send with it (CSP with a fresh nonce, no caching of personal pages). */
export function renderPage(options: PageOptions): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...(options.connectSrc ?? [])].join(' ')}`,
    `form-action ${options.formAction ?? "'self'"}`,
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  const document = html`<!doctype html>
<html lang="${options.lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${options.title}</title>
${options.head}
<style nonce="${nonce}">${trustedHtml(BASE_CSS)}${trustedHtml(options.css ?? '')}</style>
${(options.scriptSrc ?? []).map((src) => html`<script src="${src}" nonce="${nonce}" defer></script>`)}
</head>
<body>
<main id="main">
${options.body}
</main>
${(options.scripts ?? []).map((script) => html`<script nonce="${nonce}">${trustedHtml(script)}</script>`)}
</body>
</html>`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  // X-Frame-Options cannot list origins: send it only when nobody may frame the page (CSP frame-ancestors decides).
  if ((options.frameAncestors ?? "'none'") === "'none'") headers['X-Frame-Options'] = 'DENY';
  else headers['X-Frame-Options'] = '';
  return { body: document.value, headers };
}

/** Pages smaller than this go out as they are: gzip would gain less than its header costs. */
const GZIP_FROM_BYTES = 1024;

/** Sends a rendered page with `status`, gzipped when the client takes it (the first load is what visitors wait for). */
export function sendPage(reply: FastifyReply, status: number, options: PageOptions): FastifyReply {
  const page = renderPage(options);
  for (const [name, value] of Object.entries(page.headers)) {
    // The edge sets its strict defaults on the raw response: an embeddable page takes them off there too.
    if (value === '') {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    } else reply.header(name, value);
  }
  reply.header('Vary', 'Accept');
  const accepts = String(reply.request.headers['accept-encoding'] ?? '');
  if (Buffer.byteLength(page.body) >= GZIP_FROM_BYTES && /\bgzip\b/i.test(accepts)) {
    return reply.code(status).header('Content-Encoding', 'gzip').send(gzipSync(page.body));
  }
  return reply.code(status).send(page.body);
}

/** Whether a request prefers a page to JSON: a browser navigating (`Accept` names text/html before any JSON). */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  const htmlAt = types.indexOf('text/html');
  const jsonAt = types.findIndex((t) => t === 'application/json');
  return htmlAt !== -1 && (jsonAt === -1 || htmlAt < jsonAt);
}
