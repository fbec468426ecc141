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

/** GET and POST of a contact's activities, mounted at the documented path and the legacy one. */
function activityRoutes(path: string): RouteSpec[] {
  return [
    read({
      method: 'GET', path, operation: 'ListContactActivities', result: 'contactActivities', list: true,
      query: { page: 'int', limit: 'int', type: 'string', module: 'string', from: 'string', to: 'string' }, variables: (r) => ({ contactId: r.params.id, ...r.query }),
    }),
    write({ method: 'POST', path, operation: 'LogContactActivity', result: 'logContactActivity', variables: (r) => ({ contactId: r.params.id, input: input(r) }), respond: accepted }),
  ];
}

/** DELETE of a tag answers 204 with no body. */
function noContent(_result: unknown, res: ServerResponse) {
  res.writeHead(204);
  res.end();
}

/** POST /crm/query: `{data, meta}` where data holds the queried entity's rows. */
function queryAnswer(result: unknown, res: ServerResponse) {
  const { contacts, companies, meta } = result as { contacts: unknown[] | null; companies: unknown[] | null; meta: Record<string, unknown> };
  const body = JSON.stringify({ data: contacts ?? companies ?? [], meta });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
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
    read({ method: 'POST', path: '/crm/contacts/filter', operation: 'FilterContacts', result: 'filterContacts', list: true, variables: (r) => ({ input: input(r) }) }),
    read({ method: 'GET', path: '/crm/contacts/search', operation: 'SearchContacts', result: 'searchContacts', query: { q: 'string', limit: 'int' }, variables: (r) => ({ q: r.query.q ?? '', limit: r.query.limit }) }),
    write({ method: 'POST', path: '/crm/contacts', operation: 'CreateContact', result: 'createContact', variables: (r) => ({ input: input(r) }), respond: accepted }),
    read({ method: 'GET', path: '/crm/contacts/:id', operation: 'GetContact', result: 'contact', variables: contactId }),
    write({ method: 'PUT', path: '/crm/contacts/:id', operation: 'UpsertContact', result: 'upsertContact', variables: (r) => ({ externalId: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'PATCH', path: '/crm/contacts/:id', operation: 'UpdateContact', result: 'updateContact', variables: (r) => ({ id: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'DELETE', path: '/crm/contacts/:id', operation: 'DeleteContact', result: 'deleteContact', variables: contactId, respond: accepted }),
    write({ method: 'POST', path: '/crm/contacts/:id/merge', operation: 'MergeContacts', result: 'mergeContacts', variables: (r) => ({ winnerId: r.params.id, input: input(r) }), respond: accepted }),

    ...activityRoutes('/crm/contacts/:id/activities'),
    // Legacy paths, equal to the two above (document 3 part 4.1).
    ...activityRoutes('/crm/activities/contacts/:id'),
    read({ method: 'GET', path: '/crm/contacts/:id/companies', operation: 'ListContactCompanies', result: 'contactCompanies', variables: contactId }),
    write({ method: 'POST', path: '/crm/contacts/:id/companies', operation: 'LinkContactCompany', result: 'linkContactCompany', status: 201, variables: (r) => ({ id: r.params.id, input: input(r) }) }),
    write({ method: 'DELETE', path: '/crm/contacts/:id/companies/:companyId', operation: 'UnlinkContactCompany', result: 'unlinkContactCompany', variables: (r) => ({ id: r.params.id, companyId: r.params.companyId }) }),
    read({ method: 'GET', path: '/crm/contacts/:id/summary', operation: 'GetContactSummary', result: 'contactSummary', variables: contactId }),
    read({ method: 'GET', path: '/crm/contacts/:id/sync-status', operation: 'GetContactSyncStatus', result: 'contactSyncStatus', variables: contactId }),

    read({
      method: 'GET', path: '/crm/companies', operation: 'ListCompanies', result: 'companies', list: true,
      query: { ...LIST, search: 'string', status: 'string', size: 'string', industry: 'string', from: 'string', to: 'string', sortBy: 'string', sortOrder: 'string' },
    }),
    read({ method: 'POST', path: '/crm/companies/filter', operation: 'FilterCompanies', result: 'filterCompanies', list: true, variables: (r) => ({ input: input(r) }) }),
    read({ method: 'GET', path: '/crm/companies/search', operation: 'SearchCompanies', result: 'searchCompanies', query: { q: 'string', limit: 'int' }, variables: (r) => ({ q: r.query.q ?? '', limit: r.query.limit }) }),
    write({ method: 'POST', path: '/crm/companies', operation: 'CreateCompany', result: 'createCompany', variables: (r) => ({ input: input(r) }), respond: accepted }),
    read({ method: 'GET', path: '/crm/companies/:id', operation: 'GetCompany', result: 'company', variables: contactId }),
    write({ method: 'PUT', path: '/crm/companies/:id', operation: 'UpsertCompany', result: 'upsertCompany', variables: (r) => ({ externalId: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'PATCH', path: '/crm/companies/:id', operation: 'UpdateCompany', result: 'updateCompany', variables: (r) => ({ id: r.params.id, input: input(r) }), respond: accepted }),
    write({ method: 'DELETE', path: '/crm/companies/:id', operation: 'DeleteCompany', result: 'deleteCompany', variables: contactId, respond: accepted }),
    read({ method: 'GET', path: '/crm/companies/:id/contacts', operation: 'ListCompanyContacts', result: 'companyContacts', variables: contactId }),

    read({ method: 'GET', path: '/crm/tags', operation: 'ListCrmTags', result: 'crmTags' }),
    write({ method: 'POST', path: '/crm/tags', operation: 'CreateCrmTag', result: 'createCrmTag', status: 201, variables: (r) => ({ input: input(r) }) }),
    write({ method: 'PATCH', path: '/crm/tags/:id', operation: 'UpdateCrmTag', result: 'updateCrmTag', variables: (r) => ({ id: r.params.id, input: input(r) }) }),
    write({ method: 'DELETE', path: '/crm/tags/:id', operation: 'DeleteCrmTag', result: 'deleteCrmTag', variables: contactId, respond: noContent }),
    write({ method: 'POST', path: '/crm/contacts/:id/tags', operation: 'TagContact', result: 'tagContact', variables: (r) => ({ contactId: r.params.id, input: input(r) }) }),
    write({ method: 'DELETE', path: '/crm/contacts/:id/tags/:tagId', operation: 'UntagContact', result: 'untagContact', variables: (r) => ({ contactId: r.params.id, tagId: r.params.tagId }) }),

    read({ method: 'GET', path: '/crm/lists', operation: 'ListCrmLists', result: 'crmLists', query: { entityType: 'string' } }),
    write({ method: 'POST', path: '/crm/lists', operation: 'CreateCrmList', result: 'createCrmList', status: 201, variables: (r) => ({ input: input(r) }) }),
    read({ method: 'GET', path: '/crm/lists/:id', operation: 'GetCrmList', result: 'crmList', variables: contactId }),
    write({ method: 'PATCH', path: '/crm/lists/:id', operation: 'UpdateCrmList', result: 'updateCrmList', variables: (r) => ({ id: r.params.id, input: input(r) }) }),
    write({ method: 'DELETE', path: '/crm/lists/:id', operation: 'DeleteCrmList', result: 'deleteCrmList', variables: contactId, respond: noContent }),
    write({ method: 'POST', path: '/crm/lists/:id/evaluate', operation: 'EvaluateCrmList', result: 'evaluateCrmList', variables: contactId }),
    read({ method: 'GET', path: '/crm/lists/:id/members', operation: 'ListCrmListMembers', result: 'crmListMembers', list: true, query: LIST, variables: (r) => ({ id: r.params.id, ...r.query }) }),
    write({ method: 'POST', path: '/crm/lists/:id/members', operation: 'AddCrmListMembers', result: 'addCrmListMembers', variables: (r) => ({ id: r.params.id, input: input(r) }) }),
    // DELETE with a body ({entityIds}), as the spec shows.
    write({ method: 'DELETE', path: '/crm/lists/:id/members', operation: 'RemoveCrmListMembers', result: 'removeCrmListMembers', deleteWithBody: true, variables: (r) => ({ id: r.params.id, input: input(r) }) }),

    read({ method: 'GET', path: '/crm/properties', operation: 'ListCrmProperties', result: 'crmProperties', query: { entity: 'string', group: 'string', isSystem: 'boolean' } }),
    write({ method: 'POST', path: '/crm/properties', operation: 'CreateCrmProperty', result: 'createCrmProperty', status: 201, variables: (r) => ({ input: input(r) }) }),
    write({ method: 'PATCH', path: '/crm/properties/:id', operation: 'UpdateCrmProperty', result: 'updateCrmProperty', variables: (r) => ({ id: r.params.id, input: input(r) }) }),
    write({ method: 'DELETE', path: '/crm/properties/:id', operation: 'DeleteCrmProperty', result: 'deleteCrmProperty', variables: contactId }),

    read({ method: 'POST', path: '/crm/query', operation: 'CrmQuery', result: 'crmQuery', variables: (r) => ({ input: input(r) }), respond: queryAnswer }),
    read({ method: 'GET', path: '/crm/fields', operation: 'ListCrmFields', result: 'crmFields', query: { entity: 'string' } }),
  ],
};
