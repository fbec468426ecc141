import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { ModuleRequestContext } from '../../../platform/http/module-http.js';
import { readJsonBody } from '../../../platform/http/read-body.js';
import { presentedKey } from '../../../platform/http/request-identity.js';
import { GatewayError, type GatewayErrorCode } from '../chat/gateway-error.js';
import type { KeyGate } from './key-gate.js';

export const GATEWAY_KEY_PREFIX = 'gw_sk_';

/**
 * Authentication and rate limiting of /ai/v1 (document 3 part 5): 401 for a missing, malformed, unknown, revoked
 * or expired key, 403 for a key without permission, 429 with Retry-After. Sets the rate-limit headers.
 */
export async function admit(req: IncomingMessage, res: ServerResponse, context: ModuleRequestContext, gate: KeyGate, route: string): Promise<Auth> {
  const key = presentedKey(req);
  const authentication = key?.startsWith(GATEWAY_KEY_PREFIX) ? await context.guard.authenticate(req) : null;
  const auth = authentication?.kind === 'ok' ? authentication.auth : null;
  context.log.organizationId = auth?.organizationId;
  const limited = await context.guard.limit(req, auth, route, 'general');
  for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
  if (!limited.decision.allowed) {
    res.setHeader('Retry-After', String(limited.decision.retryAfter));
    throw new GatewayError('rate_limit_exceeded', `Too many requests; retry in ${limited.decision.retryAfter} s`);
  }
  if (!key) throw new GatewayError('unauthorized', 'Missing API key: send Authorization: Bearer gw_sk_...');
  if (!key.startsWith(GATEWAY_KEY_PREFIX)) throw new GatewayError('unauthorized', 'Malformed API key: AI gateway keys start with gw_sk_');
  if (!auth) throw new GatewayError('unauthorized', 'Invalid API key');
  await gate.check(auth);
  return auth;
}

/** The JSON body; the platform's body errors become gateway errors. */
export async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  try {
    return await readJsonBody(req, limit);
  } catch (error) {
    if (error instanceof DomainError) {
      const code = error.code.toLowerCase() as GatewayErrorCode;
      throw new GatewayError(code === 'invalid_request' || code === 'payload_too_large' || code === 'unsupported_media_type' ? code : 'invalid_request', error.message, 'body');
    }
    throw error;
  }
}

export function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  const body = JSON.stringify(payload);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

export function sendError(res: ServerResponse, error: GatewayError) {
  sendJson(res, error.status, error.toBody());
}
