import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpEdge } from '../../../platform/http/edge/http-edge.js';
import { presentedKey } from '../../../platform/http/request-identity.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { ErrorEnvelope } from '../../../platform/http/edge/error-envelope.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { KeyGate } from './key-gate.js';
import type { Authentication } from '../../../platform/http/request-guard.js';

export const GATEWAY_KEY_PREFIX = 'gw_sk_';
const isGatewayKey = (key: string) => key.startsWith(GATEWAY_KEY_PREFIX);

/**
 * Authentication and rate limiting of /ai/v1 on the platform's edge, which looks up gw_sk_ keys
 * alone: 401 for a missing, malformed, unknown, revoked or expired key, 403 for a key without permission, 429 with
 * Retry-After. Sets the rate-limit headers; the caller goes to `request.edge.auth`. The route's onRequest hook, so
 * before the body is read; without a promise when the edge answers from memory (the common case).
 */
export function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  edge: HttpEdge,
  gate: KeyGate,
  route: string,
  method: string,
): void | Promise<void> {
  if (request.method !== method) {
    reply.raw.setHeader('Allow', method);
    throw new GatewayError('method_not_allowed', `${request.method} is not allowed on ${request.routeOptions.url}`);
  }
  const admitted = edge.admit(request, reply, { route, category: 'general' }, isGatewayKey);
  return admitted instanceof Promise
    ? admitted.then((authentication) => gated(request, gate, authentication))
    : gated(request, gate, admitted);
}

function gated(request: FastifyRequest, gate: KeyGate, authentication: Authentication): void | Promise<void> {
  const key = presentedKey(request.raw);
  if (!key) throw new GatewayError('unauthorized', 'Missing API key: send Authorization: Bearer gw_sk_...');
  if (!isGatewayKey(key))
    throw new GatewayError('unauthorized', 'Malformed API key: AI gateway keys start with gw_sk_');
  if (authentication.kind !== 'ok') throw new GatewayError('unauthorized', 'Invalid API key');
  request.edge.auth = authentication.auth;
  return gate.check(authentication.auth);
}

/**
 * The AI gateway's envelope for the edge: its own errors, and the edge's refusals (rate limit,
 * body limit, content type, malformed JSON) in its codes, naming `body`. Anything else is a 500.
 */
export const gatewayEnvelope: ErrorEnvelope = (error) => {
  const gateway = error instanceof GatewayError ? error : error instanceof DomainError ? fromEdge(error) : undefined;
  if (!gateway) return undefined;
  const retryAfter = gateway.retryAfter ?? (gateway.code === 'service_unavailable' ? 1 : undefined);
  return {
    status: gateway.status,
    body: gateway.toBody(),
    headers: retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : undefined,
  };
};

function fromEdge(error: DomainError): GatewayError | undefined {
  const field = (error.details as { field?: string; received?: unknown } | undefined)?.field;
  switch (error.code) {
    case 'RATE_LIMITED':
      return new GatewayError('rate_limit_exceeded', error.message);
    case 'PAYLOAD_TOO_LARGE':
      return new GatewayError('payload_too_large', error.message, 'body');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new GatewayError('unsupported_media_type', error.message, 'body');
    case 'INVALID_REQUEST': {
      const malformed = error.message === 'Malformed JSON body';
      return new GatewayError(
        'invalid_request',
        malformed
          ? `Malformed JSON body: ${String((error.details as { received?: unknown }).received)}`
          : error.message,
        field ?? 'body',
      );
    }
    default:
      return undefined;
  }
}
