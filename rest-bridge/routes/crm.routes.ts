import type { ServerResponse } from 'node:http';
import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';
import { DomainError } from '../../platform/errors/domain-error.js';

/** CRM rate limits share the key's plan tier (document 3 part 8): no endpoint figure of their own. */
const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'reads' } });
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'general' } });

/** The body as a JSON object (the subgraph validates its fields); anything else is a 400 here. */
function input(r: BridgeRequest): Record<string, unknown> {
  if (r.body === undefined) return {};
  if (typeof r.body !== 'object' || r.body === null || Array.isArray(r.body)) {
    throw new DomainError('INVALID_REQUEST', 'The body must be a JSON object', { field: 'body', received: Array.isArray(r.body) ? 'array' : r.body === null ? 'null' : typeof r.body, expected: 'object' });
  }
  return r.body as Record<string, unknown>;
}

/**
 * An accepted write (document 3 part 4.1): 202, `X-Correlation-Id`, and on creation `Location`; the body is the
 * provisional record without the two header values.
 */
export function accepted(result: unknown, res: ServerResponse) {
  const { correlationId, location, ...record } = result as { correlationId: string; location: string | null };
  const body = JSON.stringify({ data: record });
  const headers: Record<string, string | number> = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'X-Correlation-Id': correlationId };
  if (location) headers.Location = location;
  res.writeHead(202, headers);
  res.end(body);
}

const contactId = (r: BridgeRequest) => ({ id: r.params.id });
const LIST = { page: 'int', limit: 'int' } as const;

/** CRM (document 3 part 4.1), `{data}` / `{data, meta}` / `{error: {code, message, details?}}`. */
export const crmRoutes: ModuleRoutes = {
  module: 'crm',
  prefix: '/crm',
  envelope: 'crm',
  routes: [
    read({
      method: 'GET', path: '/crm/contacts', operation: 'ListContacts', result: 'contacts', list: true,
      query: { ...LIST, search: 'string', status: 'string', lifecycleStage: 'string', module: 'string', isIdentified: 'boolean', from: 'string', to: 'string', sortBy: 'string', sortOrder: 'string' },
    }),
    read({ method: 'GET', path: '/crm/contacts/search', operation: 'SearchContacts', result: 'searchContacts', query: { q: 'string', limit: 'int' }, variables: (r) => ({ q: r.query.q ?? '', limit: r.query.limit }) }),
    write({ method: 'POST', path: '/crm/contacts', operation: 'CreateContact', result: 'createContact', variables: (r) => ({ input: input(r) }), respond: accepted }),
    read({ method: 'GET', path: '/crm/contacts/:id', operation: 'GetContact', result: 'contact', variables: contactId }),
    write({ method: 'PUT', path: '/crm/contacts/:id', operation: 'UpsertContact', result: 'upsertContact', variables: (r) => ({ externalId: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'PATCH', path: '/crm/contacts/:id', operation: 'UpdateContact', result: 'updateContact', variables: (r) => ({ id: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'DELETE', path: '/crm/contacts/:id', operation: 'DeleteContact', result: 'deleteContact', variables: contactId, respond: accepted }),
    write({ method: 'POST', path: '/crm/contacts/:id/merge', operation: 'MergeContacts', result: 'mergeContacts', variables: (r) => ({ winnerId: r.params.id, input: input(r) }), respond: accepted }),

    read({
      method: 'GET', path: '/crm/companies', operation: 'ListCompanies', result: 'companies', list: true,
      query: { ...LIST, search: 'string', status: 'string', size: 'string', industry: 'string', from: 'string', to: 'string', sortBy: 'string', sortOrder: 'string' },
    }),
    read({ method: 'GET', path: '/crm/companies/search', operation: 'SearchCompanies', result: 'searchCompanies', query: { q: 'string', limit: 'int' }, variables: (r) => ({ q: r.query.q ?? '', limit: r.query.limit }) }),
    write({ method: 'POST', path: '/crm/companies', operation: 'CreateCompany', result: 'createCompany', variables: (r) => ({ input: input(r) }), respond: accepted }),
    read({ method: 'GET', path: '/crm/companies/:id', operation: 'GetCompany', result: 'company', variables: contactId }),
    write({ method: 'PUT', path: '/crm/companies/:id', operation: 'UpsertCompany', result: 'upsertCompany', variables: (r) => ({ externalId: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'PATCH', path: '/crm/companies/:id', operation: 'UpdateCompany', result: 'updateCompany', variables: (r) => ({ id: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'DELETE', path: '/crm/companies/:id', operation: 'DeleteCompany', result: 'deleteCompany', variables: contactId, respond: accepted }),
    read({ method: 'GET', path: '/crm/companies/:id/contacts', operation: 'ListCompanyContacts', result: 'companyContacts', variables: contactId }),
  ],
};
