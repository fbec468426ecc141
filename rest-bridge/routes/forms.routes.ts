import type { ServerResponse } from 'node:http';
import type { BridgeRequest, ModuleRoutes, RouteSpec, StreamSpec } from '../route-table.js';
import { DomainError } from '../../platform/errors/domain-error.js';

/** Document 1 part 8: forms management 100 per minute, public 1,000 per minute, public submission 10 per minute per IP. */
const MANAGEMENT = { limit: 100, windowMs: 60_000 };
const PUBLIC = { limit: 1_000, windowMs: 60_000 };
// Callers without a key are counted per IP (platform/http/request-guard.ts); a requireApiKey form's caller per organization.
const PUBLIC_SUBMISSION = { limit: 10, windowMs: 60_000 };

/** The body as a JSON object; forms name a wrong body VALIDATION_ERROR like every other 400. */
function body(r: BridgeRequest, optional = false): Record<string, unknown> | null {
  if (optional && r.body === undefined) return null;
  if (typeof r.body !== 'object' || r.body === null || Array.isArray(r.body)) {
    throw new DomainError('VALIDATION_ERROR', 'The body must be a JSON object', {
      field: 'body', received: Array.isArray(r.body) ? 'array' : r.body === null || r.body === undefined ? 'nothing' : typeof r.body, expected: 'object',
    });
  }
  return r.body as Record<string, unknown>;
}

/** DELETE answers 204 with no body. */
function noContent(_result: unknown, res: ServerResponse) {
  res.writeHead(204);
  res.end();
}

/** Export: CSV or JSON written page by page as the operation yields them (memory stays flat). */
const exportStream: StreamSpec = {
  headers: (r) => {
    const json = r.query.format === 'json';
    const name = `form-${r.params.formId.replace(/[^A-Za-z0-9-]/g, '')}-submissions.${json ? 'json' : 'csv'}`;
    return { 'Content-Type': json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' };
  },
  page: (result, variables) => {
    const page = result as { chunk: string; nextCursor: string | null };
    return { chunk: page.chunk, next: page.nextCursor ? { ...variables, after: page.nextCursor } : null };
  },
};

const id = (r: BridgeRequest) => ({ id: r.params.formId });
const manage = (spec: Omit<RouteSpec, 'rateLimit'>, reads = false): RouteSpec => ({ ...spec, rateLimit: { category: reads ? 'reads' : 'general', endpoint: MANAGEMENT } });

/** Forms management (document 1 part 4.3), forms envelope. */
export const formsRoutes: ModuleRoutes = {
  module: 'forms',
  prefix: '/forms',
  envelope: 'forms',
  routes: [
    manage({ method: 'GET', path: '/forms', operation: 'ListForms', result: 'forms', list: true, query: { page: 'int', limit: 'int', status: 'string', search: 'string' } }, true),
    manage({ method: 'POST', path: '/forms', operation: 'CreateForm', result: 'createForm', status: 201, variables: (r) => ({ input: body(r) }) }),
    manage({ method: 'GET', path: '/forms/:formId', operation: 'GetForm', result: 'form', variables: id }, true),
    manage({ method: 'PUT', path: '/forms/:formId', operation: 'UpdateForm', result: 'updateForm', variables: (r) => ({ id: r.params.formId, input: body(r) }) }),
    manage({ method: 'DELETE', path: '/forms/:formId', operation: 'ArchiveForm', result: 'archiveForm', variables: id, respond: noContent }),
    manage({ method: 'POST', path: '/forms/:formId/publish', operation: 'PublishForm', result: 'publishForm', variables: id }),
    manage({ method: 'POST', path: '/forms/:formId/unpublish', operation: 'UnpublishForm', result: 'unpublishForm', variables: id }),
    manage({ method: 'POST', path: '/forms/:formId/duplicate', operation: 'DuplicateForm', result: 'duplicateForm', status: 201, variables: id }),
    manage({ method: 'POST', path: '/forms/:formId/fields/reorder', operation: 'ReorderFormFields', result: 'reorderFormFields', variables: (r) => ({ formId: r.params.formId, input: body(r) }) }),
    manage({ method: 'POST', path: '/forms/:formId/fields', operation: 'CreateFormField', result: 'createFormField', status: 201, variables: (r) => ({ formId: r.params.formId, input: body(r) }) }),
    manage({ method: 'PUT', path: '/forms/:formId/fields/:fieldId', operation: 'UpdateFormField', result: 'updateFormField', variables: (r) => ({ formId: r.params.formId, fieldId: r.params.fieldId, input: body(r) }) }),
    manage({ method: 'DELETE', path: '/forms/:formId/fields/:fieldId', operation: 'DeleteFormField', result: 'deleteFormField', respond: noContent }),
    manage({ method: 'GET', path: '/forms/:formId/submissions', operation: 'ListFormSubmissions', result: 'formSubmissions', list: true, query: { page: 'int', limit: 'int', status: 'string', startDate: 'string', endDate: 'string' } }, true),
    // Before /submissions/:submissionId, which would otherwise take "export" as an id.
    manage({
      method: 'GET', path: '/forms/:formId/submissions/export', operation: 'ExportFormSubmissions', result: 'formSubmissionExport',
      query: { format: 'string', startDate: 'string', endDate: 'string' }, stream: exportStream,
    }, true),
    manage({ method: 'GET', path: '/forms/:formId/submissions/:submissionId', operation: 'GetFormSubmission', result: 'formSubmission' }, true),
    manage({ method: 'DELETE', path: '/forms/:formId/submissions/:submissionId', operation: 'DeleteFormSubmission', result: 'deleteFormSubmission', respond: noContent }),
    manage({ method: 'GET', path: '/forms/:formId/analytics', operation: 'GetFormAnalytics', result: 'formAnalytics', query: { startDate: 'string', endDate: 'string', groupBy: 'string', timezone: 'string' } }, true),
  ],
};

const ref = (r: BridgeRequest) => ({ ref: r.params.formRef, password: formPassword(r) });
const formPassword = (r: BridgeRequest) => {
  const value = r.headers['x-form-password'];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** Public forms (document 1 part 4.4): no key unless the form sets requireApiKey. */
export const publicFormsRoutes: ModuleRoutes = {
  module: 'forms',
  prefix: '/f',
  envelope: 'forms',
  routes: [
    { method: 'GET', path: '/f/:formRef', operation: 'GetPublicForm', result: 'publicForm', auth: 'public', variables: ref, rateLimit: { category: 'reads', endpoint: PUBLIC } },
    { method: 'POST', path: '/f/:formRef/view', operation: 'RecordFormView', result: 'recordFormView', auth: 'public', variables: (r) => ({ ...ref(r), input: body(r, true) }), rateLimit: { category: 'general', endpoint: PUBLIC } },
    { method: 'POST', path: '/f/:formRef/submit', operation: 'SubmitForm', result: 'submitForm', auth: 'public', status: 201, variables: (r) => ({ ...ref(r), input: body(r, true) }), rateLimit: { category: 'general', endpoint: PUBLIC_SUBMISSION } },
    { method: 'POST', path: '/f/:formRef/partial', operation: 'SaveFormPartial', result: 'saveFormPartial', auth: 'public', variables: (r) => ({ ...ref(r), input: body(r, true) }), rateLimit: { category: 'general', endpoint: PUBLIC } },
  ],
};
