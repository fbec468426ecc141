import type { FastifyReply, FastifyRequest } from 'fastify';

/** Request headers a public cross-origin call may send (the widget's tokens and JSON). */
const ALLOWED_HEADERS = 'Content-Type, X-Widget-Token, X-Visitor-Token, Idempotency-Key';

/**
 * CORS for public paths that web pages of other sites call (the support widget): the request's origin is echoed
 * without credentials (the tokens travel in headers, never in cookies), and the answer's own checks decide (each
 * inbox's allowed origins), so a refused origin gets that answer's 403 rather than an unreadable network error.
 */
export function crossOriginHook(prefixes: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    const path = request.url.split('?')[0]!;
    if (!origin || !prefixes.some((prefix) => path.startsWith(prefix))) return;
    reply.raw.setHeader('Access-Control-Allow-Origin', origin);
    reply.raw.setHeader('Vary', 'Origin');
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
    reply.raw.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    reply.raw.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    reply.raw.setHeader('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  };
}
