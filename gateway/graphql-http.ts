import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { DomainError } from '../platform/errors/domain-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import { readBody } from '../platform/http/read-body.js';
import type { RequestGuard } from '../platform/http/request-guard.js';

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
    const limited = await guard.limit(req, auth, 'graphql', req.method === 'GET' ? 'reads' : 'general');
    for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
    if (!limited.decision.allowed) {
      res.setHeader('Retry-After', String(limited.decision.retryAfter));
      throw new DomainError('RATE_LIMITED', 'Too many requests', { retryAfter: limited.decision.retryAfter });
    }
    if (authentication.kind !== 'ok') throw new DomainError('UNAUTHORIZED', authentication.kind === 'none' ? 'Missing API key' : 'Invalid API key');
    const body = req.method === 'POST' ? await readBody(req, bodyLimitBytes) : undefined;
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: new URL(req.url ?? '/', 'http://local').search, body },
      context: async () => ({ requestId, auth }),
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
