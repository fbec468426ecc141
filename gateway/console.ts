import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasScope } from '../platform/auth/auth.js';
import { projectRoot } from '../platform/config/project-root.js';
import { DomainError } from '../platform/errors/domain-error.js';
import type { HttpEdge } from '../platform/http/edge/http-edge.js';
import { replyJson } from '../platform/http/edge/error-envelope.js';
import { wantsHtml } from '../platform/http/html/page.js';
import { sendStatic } from './static-response.js';

/**
 * The console (console/, a Vite + React app built into dist/console/ by `npm run build`), served at /console/:
 * hashed files under /console/assets/ are cached for a year, every other path under /console/ is the app's
 * index.html (its router draws the page: deep links work), and /console/api/session tells the app what the
 * presented key may read. The app talks to the API like any client: POST /graphql and graphql-ws.
 */
export const CONSOLE_PREFIX = '/console/';
const ASSETS_PREFIX = `${CONSOLE_PREFIX}assets/`;
export const CONSOLE_SESSION_PATH = `${CONSOLE_PREFIX}api/session`;

/** Asset names as Vite writes them (name-hash.ext): nothing else is read from the disk. */
const ASSET_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css|woff2?|svg|png)$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
  svg: 'image/svg+xml',
  png: 'image/png',
};

/**
 * Everything from this origin. Mantine sets inline style attributes, hence 'unsafe-inline' for styles only. A message's
 * HTML is shown in a sandboxed srcdoc iframe, which inherits this policy: no script runs and no remote image loads.
 */
const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self' ws: wss:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const cache = new Map<string, Buffer>();

function builtRoot(): string {
  return join(projectRoot(), 'dist', 'console');
}

function readBuilt(relative: string): Buffer | undefined {
  let bytes = cache.get(relative);
  if (bytes) return bytes;
  const file = join(builtRoot(), relative);
  if (!existsSync(file)) return undefined;
  bytes = readFileSync(file);
  cache.set(relative, bytes);
  return bytes;
}

function notFound(reply: FastifyReply, message: string): FastifyReply {
  return replyJson(reply, 404, { success: false, error: { code: 'NOT_FOUND', message } });
}

/** GET /console and anything under /console/ but the session path. */
export function serveConsole(reply: FastifyReply, path: string): FastifyReply {
  if (path === '/console') return reply.code(301).header('Location', CONSOLE_PREFIX).send();
  if (path.startsWith(`${CONSOLE_PREFIX}api/`)) return notFound(reply, 'No such console API path');
  if (path.startsWith(ASSETS_PREFIX)) {
    const name = path.slice(ASSETS_PREFIX.length);
    const bytes = ASSET_NAME.test(name) ? readBuilt(join('assets', name)) : undefined;
    if (!bytes) return notFound(reply, 'No such console asset');
    return sendStatic(reply, 200, TYPES[name.slice(name.lastIndexOf('.') + 1)]!, bytes, {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  }
  const index = readBuilt('index.html');
  if (!index) {
    return sendStatic(
      reply,
      503,
      'text/plain; charset=utf-8',
      Buffer.from('The console is not built: run npm run build (it builds console/ into dist/console/).\n'),
    );
  }
  return sendStatic(reply, 200, 'text/html; charset=utf-8', index, {
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': CONSOLE_CSP,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
}

/** GET /console/api/session: the presented key's organization, type and scopes (`*` spelled out), for the navigation. */
export async function serveConsoleSession(
  request: FastifyRequest,
  reply: FastifyReply,
  edge: HttpEdge,
  allScopes: readonly string[],
): Promise<FastifyReply> {
  const auth = edge.requireKey(
    await edge.admit(request, reply, { route: 'GET /console/api/session', category: 'reads' }),
  );
  if (auth.keyType !== 'SERVER') throw new DomainError('FORBIDDEN', 'The console needs a SERVER key');
  const scopes = allScopes.filter((scope) => hasScope(auth, scope));
  return replyJson(reply, 200, {
    success: true,
    data: { organizationId: auth.organizationId, keyType: auth.keyType, plan: auth.plan, scopes },
  });
}

/** A browser navigating to `/` lands on the console; API callers keep the JSON answer. */
export function wantsConsole(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && wantsHtml(request.headers.accept);
}
