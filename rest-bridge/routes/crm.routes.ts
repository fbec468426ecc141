import type { ServerResponse } from 'node:http';
import type { ModuleRoutes, RouteSpec } from '../route-table.js';

/** CRM rate limits share the key's plan tier: no endpoint figure of their own. */
const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'reads' } });
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'general' } });

/** The body is the operation's typed `input`; a request without one sends `{}` (the input type names what is missing). */
const INPUT = { bodyVariable: 'input', bodyOptional: 'empty' } as const;

/**
 * An accepted write: 202, `X-Correlation-Id`, and on creation `Location`; the body is the
 * provisional record without the two header values.
 */
export function accepted(result: unknown, res: ServerResponse) {
  const { correlationId, location, ...record } = result as { correlationId: string; location: string | null };
  const body = JSON.stringify({ data: record });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Correlation-Id': correlationId,
  };
  if (location) headers.Location = location;
  res.writeHead(202, headers);
  res.end(body);
}

/** The route spec of an accepted write: its answer is the envelope of the provisional record (see `accepted`). */
const ACCEPTED = { respond: accepted, respondEnvelopeWithout: ['correlationId', 'location'] } as const;

/** GET and POST of a contact's activities, mounted at the documented path and the legacy one. */
function activityRoutes(path: string): RouteSpec[] {
  return [
    read({
      method: 'GET',
      path,
      operation: 'ListContactActivities',
      result: 'contactActivities',
      list: true,
      query: { page: 'int', limit: 'int', type: 'string', module: 'string', from: 'string', to: 'string' },
    }),
    write({
      method: 'POST',
      path,
      operation: 'LogContactActivity',
      result: 'logContactActivity',
      ...INPUT,
      ...ACCEPTED,
    }),
  ];
}

/** POST /crm/query: `{data, meta}` where data holds the queried entity's rows. */
function queryAnswer(result: unknown, res: ServerResponse) {
  const { contacts, companies, meta } = result as {
    contacts: unknown[] | null;
    companies: unknown[] | null;
    meta: Record<string, unknown>;
  };
  const body = JSON.stringify({ data: contacts ?? companies ?? [], meta });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
const LIST = { page: 'int', limit: 'int' } as const;

/** CRM, `{data}` / `{data, meta}` / `{error: {code, message, details?}}`. */
export const crmRoutes: ModuleRoutes = {
  module: 'crm',
  prefix: '/crm',
  envelope: 'crm',
  routes: [
    read({
      method: 'GET',
      path: '/crm/contacts',
      operation: 'ListContacts',
      result: 'contacts',
      list: true,
      query: {
        ...LIST,
        search: 'string',
        status: 'string',
        lifecycleStage: 'string',
        module: 'string',
        isIdentified: 'boolean',
        from: 'string',
        to: 'string',
        sortBy: 'string',
        sortOrder: 'string',
      },
    }),
    read({
      method: 'POST',
      path: '/crm/contacts/filter',
      operation: 'FilterContacts',
      result: 'filterContacts',
      list: true,
      ...INPUT,
    }),
    read({
      method: 'GET',
      path: '/crm/contacts/search',
      operation: 'SearchContacts',
      result: 'searchContacts',
      query: { q: 'string', limit: 'int' },
    }),
    write({
      method: 'POST',
      path: '/crm/contacts',
      operation: 'CreateContact',
      result: 'createContact',
      ...INPUT,
      ...ACCEPTED,
    }),
    read({ method: 'GET', path: '/crm/contacts/:id', operation: 'GetContact', result: 'contact' }),
    write({
      method: 'PUT',
      path: '/crm/contacts/:id',
      operation: 'UpsertContact',
      result: 'upsertContact',
      ...INPUT,
      ...ACCEPTED,
    }),
    write({
      method: 'PATCH',
      path: '/crm/contacts/:id',
      operation: 'UpdateContact',
      result: 'updateContact',
      ...INPUT,
      ...ACCEPTED,
    }),
    write({
      method: 'DELETE',
      path: '/crm/contacts/:id',
      operation: 'DeleteContact',
      result: 'deleteContact',
      ...ACCEPTED,
    }),
    write({
      method: 'POST',
      path: '/crm/contacts/:id/merge',
      operation: 'MergeContacts',
      result: 'mergeContacts',
      ...INPUT,
      ...ACCEPTED,
    }),

    ...activityRoutes('/crm/contacts/:id/activities'),
    // Legacy paths, equal to the two above.
    ...activityRoutes('/crm/activities/contacts/:id'),
    read({
      method: 'GET',
      path: '/crm/contacts/:id/companies',
      operation: 'ListContactCompanies',
      result: 'contactCompanies',
    }),
    write({
      method: 'POST',
      path: '/crm/contacts/:id/companies',
      operation: 'LinkContactCompany',
      result: 'linkContactCompany',
      status: 201,
      ...INPUT,
    }),
    write({
      method: 'DELETE',
      path: '/crm/contacts/:id/companies/:companyId',
      operation: 'UnlinkContactCompany',
      result: 'unlinkContactCompany',
    }),
    read({
      method: 'GET',
      path: '/crm/contacts/:id/summary',
      operation: 'GetContactSummary',
      result: 'contactSummary',
    }),
    read({
      method: 'GET',
      path: '/crm/contacts/:id/sync-status',
      operation: 'GetContactSyncStatus',
      result: 'contactSyncStatus',
    }),

    read({
      method: 'GET',
      path: '/crm/companies',
      operation: 'ListCompanies',
      result: 'companies',
      list: true,
      query: {
        ...LIST,
        search: 'string',
        status: 'string',
        size: 'string',
        industry: 'string',
        from: 'string',
        to: 'string',
        sortBy: 'string',
        sortOrder: 'string',
      },
    }),
    read({
      method: 'POST',
      path: '/crm/companies/filter',
      operation: 'FilterCompanies',
      result: 'filterCompanies',
      list: true,
      ...INPUT,
    }),
    read({
      method: 'GET',
      path: '/crm/companies/search',
      operation: 'SearchCompanies',
      result: 'searchCompanies',
      query: { q: 'string', limit: 'int' },
    }),
    write({
      method: 'POST',
      path: '/crm/companies',
      operation: 'CreateCompany',
      result: 'createCompany',
      ...INPUT,
      ...ACCEPTED,
    }),
    read({ method: 'GET', path: '/crm/companies/:id', operation: 'GetCompany', result: 'company' }),
    write({
      method: 'PUT',
      path: '/crm/companies/:id',
      operation: 'UpsertCompany',
      result: 'upsertCompany',
      ...INPUT,
      ...ACCEPTED,
    }),
    write({
      method: 'PATCH',
      path: '/crm/companies/:id',
      operation: 'UpdateCompany',
      result: 'updateCompany',
      ...INPUT,
      ...ACCEPTED,
    }),
    write({
      method: 'DELETE',
      path: '/crm/companies/:id',
      operation: 'DeleteCompany',
      result: 'deleteCompany',
      ...ACCEPTED,
    }),
    read({
      method: 'GET',
      path: '/crm/companies/:id/contacts',
      operation: 'ListCompanyContacts',
      result: 'companyContacts',
    }),

    read({ method: 'GET', path: '/crm/tags', operation: 'ListCrmTags', result: 'crmTags' }),
    write({
      method: 'POST',
      path: '/crm/tags',
      operation: 'CreateCrmTag',
      result: 'createCrmTag',
      status: 201,
      ...INPUT,
    }),
    write({ method: 'PATCH', path: '/crm/tags/:id', operation: 'UpdateCrmTag', result: 'updateCrmTag', ...INPUT }),
    write({ method: 'DELETE', path: '/crm/tags/:id', operation: 'DeleteCrmTag', result: 'deleteCrmTag', status: 204 }),
    write({ method: 'POST', path: '/crm/contacts/:id/tags', operation: 'TagContact', result: 'tagContact', ...INPUT }),
    write({
      method: 'DELETE',
      path: '/crm/contacts/:id/tags/:tagId',
      operation: 'UntagContact',
      result: 'untagContact',
    }),

    read({
      method: 'GET',
      path: '/crm/lists',
      operation: 'ListCrmLists',
      result: 'crmLists',
      query: { entityType: 'string' },
    }),
    write({
      method: 'POST',
      path: '/crm/lists',
      operation: 'CreateCrmList',
      result: 'createCrmList',
      status: 201,
      ...INPUT,
    }),
    read({ method: 'GET', path: '/crm/lists/:id', operation: 'GetCrmList', result: 'crmList' }),
    write({ method: 'PATCH', path: '/crm/lists/:id', operation: 'UpdateCrmList', result: 'updateCrmList', ...INPUT }),
    write({
      method: 'DELETE',
      path: '/crm/lists/:id',
      operation: 'DeleteCrmList',
      result: 'deleteCrmList',
      status: 204,
    }),
    write({ method: 'POST', path: '/crm/lists/:id/evaluate', operation: 'EvaluateCrmList', result: 'evaluateCrmList' }),
    read({
      method: 'GET',
      path: '/crm/lists/:id/members',
      operation: 'ListCrmListMembers',
      result: 'crmListMembers',
      list: true,
      query: LIST,
    }),
    write({
      method: 'POST',
      path: '/crm/lists/:id/members',
      operation: 'AddCrmListMembers',
      result: 'addCrmListMembers',
      ...INPUT,
    }),
    // DELETE with a body ({entityIds}), as the spec shows.
    write({
      method: 'DELETE',
      path: '/crm/lists/:id/members',
      operation: 'RemoveCrmListMembers',
      result: 'removeCrmListMembers',
      deleteWithBody: true,
      ...INPUT,
    }),

    read({
      method: 'GET',
      path: '/crm/properties',
      operation: 'ListCrmProperties',
      result: 'crmProperties',
      query: { entity: 'string', group: 'string', isSystem: 'boolean' },
    }),
    write({
      method: 'POST',
      path: '/crm/properties',
      operation: 'CreateCrmProperty',
      result: 'createCrmProperty',
      status: 201,
      ...INPUT,
    }),
    write({
      method: 'PATCH',
      path: '/crm/properties/:id',
      operation: 'UpdateCrmProperty',
      result: 'updateCrmProperty',
      ...INPUT,
    }),
    write({
      method: 'DELETE',
      path: '/crm/properties/:id',
      operation: 'DeleteCrmProperty',
      result: 'deleteCrmProperty',
    }),

    // Outbound integrations: paths beyond the spec (README, CRM).
    read({ method: 'GET', path: '/crm/integrations', operation: 'ListCrmIntegrations', result: 'crmIntegrations' }),
    write({
      method: 'POST',
      path: '/crm/integrations',
      operation: 'ConnectCrmIntegration',
      result: 'connectCrmIntegration',
      status: 201,
      ...INPUT,
    }),
    write({
      method: 'DELETE',
      path: '/crm/integrations/:id',
      operation: 'DisconnectCrmIntegration',
      result: 'disconnectCrmIntegration',
      status: 204,
    }),

    read({
      method: 'POST',
      path: '/crm/query',
      operation: 'CrmQuery',
      result: 'crmQuery',
      ...INPUT,
      respond: queryAnswer,
    }),
    read({
      method: 'GET',
      path: '/crm/fields',
      operation: 'ListCrmFields',
      result: 'crmFields',
      query: { entity: 'string' },
    }),
  ],
};
