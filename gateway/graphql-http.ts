import type { FastifyReply, FastifyRequest } from 'fastify';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { DomainError } from '../platform/errors/domain-error.js';
import type { RequestGuard } from '../platform/http/request-guard.js';
import type { HttpEdge } from '../platform/http/edge/http-edge.js';
import { domainEnvelope } from '../platform/http/edge/error-envelope.js';
import { ALL_ROUTES } from '../rest-bridge/routes/index.js';
import { fieldRateRules, type CountFields } from './field-rate-limits.js';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { GraphQLSchema } from 'graphql';
import { answerIntrospection, refuseSubscriptionOverHttp, type GraphqlParams } from './graphql-local-answers.js';

/** Sends and batches count against their REST route's limits however many aliases carry them. */
const FIELD_RULES = fieldRateRules(ALL_ROUTES);

/** GraphQL's error shape for the edge's refusals and a request's failures before execution. */
export const GRAPHQL_ENVELOPE = domainEnvelope((_status, error) => ({
  errors: [
    { message: error.message, extensions: { code: error.code, ...(error.details ? { details: error.details } : {}) } },
  ],
}));

/**
 * /graphql's onRequest: the same keys, tenancy and rate limits as REST. SENDING keys may only send through their REST
 * paths, AI gateway keys open /ai/v1 only: refused here, before the body is read.
 */
export async function admitGraphql(request: FastifyRequest, reply: FastifyReply, edge: HttpEdge): Promise<void> {
  const auth = edge.requireKey(
    await edge.admit(request, reply, { route: 'graphql', category: request.method === 'GET' ? 'reads' : 'general' }),
  );
  if (auth.keyType !== 'SERVER') {
    request.raw.resume();
    throw new DomainError(
      'FORBIDDEN',
      auth.keyType === 'GATEWAY'
        ? 'AI gateway keys open /ai/v1 only'
        : 'SENDING keys may only send, through POST /emails, /emails/batch, /sms and /sms/batch',
    );
  }
  request.edge.auth = auth;
}

/** POST/GET /graphql on the gateway; errors before execution in the GraphQL shape (the route's envelope). */
export async function handleGraphql(
  request: FastifyRequest,
  reply: FastifyReply,
  server: ApolloServer<CallerContext>,
  edge: HttpEdge,
  introspection?: GraphQLSchema,
): Promise<FastifyReply> {
  const auth = request.edge.auth!;
  const search = new URL(request.originalUrl, 'http://local').search;
  const params: GraphqlParams =
    request.method === 'POST'
      ? typeof request.body === 'object' && request.body !== null
        ? (request.body as GraphqlParams)
        : {}
      : Object.fromEntries(new URLSearchParams(search));
  refuseSubscriptionOverHttp(params);
  // Introspection answers with the Subscription root graphql-ws serves, which the gateway's schema cannot hold.
  const introspected = answerIntrospection(params, introspection);
  if (introspected)
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(introspected));
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const response = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: {
      method: request.method.toUpperCase(),
      headers,
      search,
      body: request.method === 'POST' ? request.body : undefined,
    },
    context: async () => ({
      requestId: request.edge.requestId,
      auth,
      countFields: countFieldsOf(request, reply.raw, edge.guard, auth),
    }),
  });
  for (const [name, value] of response.headers) reply.header(name, value);
  reply.code(response.status ?? 200);
  return reply.send(
    response.body.kind === 'complete' ? response.body.string : Readable.from(response.body.asyncIterator),
  );
}

/** Counts each send field of the operation against its route's limits; the first refusal stops the operation (429). */
function countFieldsOf(
  request: FastifyRequest,
  res: ServerResponse,
  guard: RequestGuard,
  auth: CallerContext['auth'],
): CountFields {
  return async (counts) => {
    for (const [field, amount] of counts) {
      const rule = FIELD_RULES.get(field);
      if (!rule) continue;
      const limited = await guard.limit(request.raw, auth, rule.route, rule.category, rule.endpoint, amount);
      for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
      if (!limited.decision.allowed) {
        throw new DomainError(
          'RATE_LIMITED',
          `${amount} × ${field} exceed the limit of ${limited.decision.limit} per window`,
          { retryAfter: limited.decision.retryAfter, field, count: amount, limit: limited.decision.limit },
        );
      }
    }
  };
}
