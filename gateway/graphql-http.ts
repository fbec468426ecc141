import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { DomainError } from '../platform/errors/domain-error.js';
import type { RequestGuard } from '../platform/http/request-guard.js';
import type { EdgeRequest, HttpEdge } from '../platform/http/edge/http-edge.js';
import { domainEnvelope } from '../platform/http/edge/error-envelope.js';
import { ALL_ROUTES } from '../rest-bridge/routes/index.js';
import { fieldRateRules, type CountFields } from './field-rate-limits.js';

/** Sends and batches count against their REST route's limits however many aliases carry them. */
const FIELD_RULES = fieldRateRules(ALL_ROUTES);

/** GraphQL's error shape for the edge's refusals and a request's failures before execution. */
const GRAPHQL_ENVELOPE = domainEnvelope((_status, error) => ({ errors: [{ message: error.message, extensions: { code: error.code, ...(error.details ? { details: error.details } : {}) } }] }));

/** POST/GET /graphql: the same keys, tenancy and rate limits as REST, errors in the GraphQL shape. */
export async function handleGraphql(req: IncomingMessage, res: ServerResponse, server: ApolloServer<CallerContext>, request: EdgeRequest, edge: HttpEdge): Promise<void> {
  try {
    const auth = edge.requireKey(await edge.admit(req, res, request, { route: 'graphql', category: req.method === 'GET' ? 'reads' : 'general' }));
    // SENDING keys may only send through their REST paths, AI gateway keys open /ai/v1 only: refused before the body is read.
    if (auth.keyType !== 'SERVER') {
      req.resume();
      throw new DomainError('FORBIDDEN', auth.keyType === 'GATEWAY' ? 'AI gateway keys open /ai/v1 only' : 'SENDING keys may only send, through POST /emails, /emails/batch, /sms and /sms/batch');
    }
    const body = req.method === 'POST' ? await edge.readBody(req) : undefined;
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: new URL(req.url ?? '/', 'http://local').search, body },
      context: async () => ({ requestId: request.requestId, auth, countFields: countFieldsOf(req, res, edge.guard, auth) }),
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
    edge.fail(res, request, error, GRAPHQL_ENVELOPE);
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
