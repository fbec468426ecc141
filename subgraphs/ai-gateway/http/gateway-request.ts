import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Auth } from '../../../platform/auth/auth.js';
import type { ModuleRequestContext } from '../../../platform/http/module-http.js';
import { presentedKey } from '../../../platform/http/request-identity.js';
import { parseJsonBody } from '../../../platform/http/read-body.js';
import type { DomainError } from '../../../platform/errors/domain-error.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { KeyGate } from './key-gate.js';

export const GATEWAY_KEY_PREFIX = 'gw_sk_';

/**
 * Authentication and rate limiting of /ai/v1 (document 3 part 5): 401 for a missing, malformed, unknown, revoked
 * or expired key, 403 for a key without permission, 429 with Retry-After. Sets the rate-limit headers.
 */
export async function admit(req: IncomingMessage, res: ServerResponse, context: ModuleRequestContext, gate: KeyGate, route: string): Promise<Auth> {
  const { guard } = context;
  const key = presentedKey(req);
  // The promise-free variants answer from memory in the common case: every promise costs here, since MikroORM's
  // AsyncLocalStorage turns Node 20's async hooks on for the whole process.
  const authentication = key?.startsWith(GATEWAY_KEY_PREFIX) ? guard.authenticateNow(req) ?? await guard.authenticate(req) : null;
  const auth = authentication?.kind === 'ok' ? authentication.auth : null;
  context.log.organizationId = auth?.organizationId;
  const limited = guard.limitNow(req, auth, route, 'general') ?? await guard.limit(req, auth, route, 'general');
  for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
  if (!limited.decision.allowed) {
    res.setHeader('Retry-After', String(limited.decision.retryAfter));
    throw new GatewayError('rate_limit_exceeded', `Too many requests; retry in ${limited.decision.retryAfter} s`);
  }
  if (!key) throw new GatewayError('unauthorized', 'Missing API key: send Authorization: Bearer gw_sk_...');
  if (!key.startsWith(GATEWAY_KEY_PREFIX)) throw new GatewayError('unauthorized', 'Malformed API key: AI gateway keys start with gw_sk_');
  if (!auth) throw new GatewayError('unauthorized', 'Invalid API key');
  const expiryLoaded = gate.check(auth);
  if (expiryLoaded) await expiryLoaded;
  return auth;
}

/**
 * The JSON body, read with plain stream events (the hot path; platform/http/read-body.ts's async iteration costs
 * more per request): 413 over `limit`, 415 for another content type, 400 for malformed JSON, naming `body`.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      reject(new GatewayError('payload_too_large', `Request body exceeds ${limit} bytes`, 'body'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new GatewayError('payload_too_large', `Request body exceeds ${limit} bytes`, 'body'));
      } else chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (size > limit) return;
      if (size === 0) return resolve(undefined);
      const type = String(req.headers['content-type'] ?? 'application/json').toLowerCase();
      if (!type.includes('json')) return reject(new GatewayError('unsupported_media_type', 'Request bodies must be application/json', 'body'));
      try {
        // The platform's edge rules (charset, NUL, lone surrogates, nesting), answered in this module's envelope.
        resolve(parseJsonBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), type));
      } catch (error) {
        const domain = error as DomainError;
        const code = domain.code === 'UNSUPPORTED_MEDIA_TYPE' ? 'unsupported_media_type' : 'invalid_request';
        const field = (domain.details as { field?: string } | undefined)?.field;
        reject(new GatewayError(code, domain.code === 'INVALID_REQUEST' && domain.message === 'Malformed JSON body' ? `Malformed JSON body: ${String((domain.details as { received?: unknown }).received)}` : domain.message, field === 'Content-Type' ? 'body' : field ?? 'body'));
      }
    });
  });
}

/** Sends `payload`, or JSON text as is when given a string. */
export function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

export function sendError(res: ServerResponse, error: GatewayError) {
  sendJson(res, error.status, error.toBody());
}
