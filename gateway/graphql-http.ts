import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { DomainError } from '../platform/errors/domain-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import { readBody } from '../platform/http/read-body.js';
import type { RequestGuard } from '../platform/http/request-guard.js';
import { ALL_ROUTES } from '../rest-bridge/routes/index.js';
import { fieldRateRules, type CountFields } from './field-rate-limits.js';
import { activeSpan, callerAttributes } from '../platform/tracing/spans.js';

/** Sends and batches count against their REST route's limits however many aliases carry them. */
const FIELD_RULES = fieldRateRules(ALL_ROUTES);

/** POST/GET /graphql: the same keys, tenancy and rate limits as REST, errors in the GraphQL shape. */
export async function handleGraphql(
  req: IncomingMessage,
  res: ServerResponse,
  server: ApolloServer<CallerContext>,
  guard: RequestGuard,
  requestId: string,
  bodyLimitBytes: number,
  log: Record<string, unknown>,
): Promise<void> {
  try {
    const authentication = await guard.authenticate(req);
    const auth = authentication.kind === 'ok' ? authentication.auth : null;
    log.organizationId = auth?.organizationId;
    activeSpan()?.setAttributes(callerAttributes(requestId, auth?.organizationId));
    const limited = await guard.limit(req, auth, 'graphql', req.method === 'GET' ? 'reads' : 'general');
    for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
    if (!limited.decision.allowed) {
      res.setHeader('Retry-After', String(limited.decision.retryAfter));
      throw new DomainError('RATE_LIMITED', 'Too many requests', { retryAfter: limited.decision.retryAfter });
    }
    if (authentication.kind !== 'ok') throw new DomainError('UNAUTHORIZED', authentication.kind === 'none' ? 'Missing API key' : 'Invalid API key');
    // SENDING keys may only send through their REST paths, AI gateway keys open /ai/v1 only: refused before the body is read.
    if (authentication.auth.keyType !== 'SERVER') {
      req.resume();
      throw new DomainError('FORBIDDEN', authentication.auth.keyType === 'GATEWAY' ? 'AI gateway keys open /ai/v1 only' : 'SENDING keys may only send, through POST /emails, /emails/batch, /sms and /sms/batch');
    }
    const body = req.method === 'POST' ? await readBody(req, bodyLimitBytes) : undefined;
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: new URL(req.url ?? '/', 'http://local').search, body },
      context: async () => ({ requestId, auth, countFields: countFieldsOf(req, res, guard, auth) }),
    });
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind === 'complete') {
      res.end(response.body.string);
    } else {
      for await (const chunk of response.body.asyncIterator) res.write(chunk);
      res.end();
    }
  } catch (error) {
    const domain = error instanceof DomainError ? error : null;
    if (!domain) log.error = error;
    const code = domain?.code ?? 'INTERNAL_ERROR';
    const status = statusOf(code);
    const payload = JSON.stringify({ errors: [{ message: domain?.message ?? 'Internal server error', extensions: { code, ...(domain?.details ? { details: domain.details } : {}) } }] });
    if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(payload);
  }
}

/** Counts each send field of the operation against its route's limits; the first refusal stops the operation (429). */
function countFieldsOf(req: IncomingMessage, res: ServerResponse, guard: RequestGuard, auth: CallerContext['auth']): CountFields {
  return async (counts) => {
    for (const [field, amount] of counts) {
      const rule = FIELD_RULES.get(field);
      if (!rule) continue;
      const limited = await guard.limit(req, auth, rule.route, rule.category, rule.endpoint, amount);
      for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
      if (!limited.decision.allowed) {
        throw new DomainError('RATE_LIMITED', `${amount} × ${field} exceed the limit of ${limited.decision.limit} per window`, { retryAfter: limited.decision.retryAfter, field, count: amount, limit: limited.decision.limit });
      }
    }
  };
}
