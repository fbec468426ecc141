import type { ServerResponse } from 'node:http';
import type { ModuleRoutes, RouteSpec, StreamSpec } from '../route-table.js';

/** Forms management 100 per minute, public 1,000 per minute, public submission 10 per minute per IP. */
const MANAGEMENT = { limit: 100, windowMs: 60_000 };
const PUBLIC = { limit: 1_000, windowMs: 60_000 };
// Callers without a key are counted per IP (platform/http/request-guard.ts); a requireApiKey form's caller per organization.
const PUBLIC_SUBMISSION = { limit: 10, windowMs: 60_000 };

/** Export: CSV or JSON written page by page as the operation yields them (memory stays flat). */
const exportStream: StreamSpec = {
  headers: (r) => {
    const json = r.query.format === 'json';
    const name = `form-${r.params.formId.replace(/[^A-Za-z0-9-]/g, '')}-submissions.${json ? 'json' : 'csv'}`;
    return {
      'Content-Type': json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    };
  },
  page: (result, variables) => {
    const page = result as { chunk: string; nextCursor: string | null };
    return { chunk: page.chunk, next: page.nextCursor ? { ...variables, after: page.nextCursor } : null };
  },
};

/** Uploads: one file of at most 10 MB, base64 in JSON (4/3 of it) with its name and field. */
const UPLOAD_BODY_LIMIT = Math.ceil((10 * 1024 * 1024) / 3) * 4 + 64 * 1024;

/**
 * A respondent's file as a download: its sniffed type, never rendered by the browser on this origin (attachment,
 * nosniff, a CSP that allows nothing), and not kept in shared caches.
 */
const download = (result: unknown, res: ServerResponse) => {
  const file = result as { fileName: string; contentType: string; base64: string };
  const bytes = Buffer.from(file.base64, 'base64');
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(file.fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  res.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': String(bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
  res.end(bytes);
};

const manage = (spec: Omit<RouteSpec, 'rateLimit'>, reads = false): RouteSpec => ({
  ...spec,
  rateLimit: { category: reads ? 'reads' : 'general', endpoint: MANAGEMENT },
});

/** Forms management, forms envelope. */
export const formsRoutes: ModuleRoutes = {
  module: 'forms',
  prefix: '/forms',
  envelope: 'forms',
  routes: [
    manage(
      {
        method: 'GET',
        path: '/forms',
        operation: 'ListForms',
        result: 'forms',
        list: true,
        query: { page: 'int', limit: 'int', status: 'string', search: 'string' },
      },
      true,
    ),
    manage({
      method: 'POST',
      path: '/forms',
      operation: 'CreateForm',
      result: 'createForm',
      status: 201,
      bodyVariable: 'input',
    }),
    manage({ method: 'GET', path: '/forms/:formId', operation: 'GetForm', result: 'form' }, true),
    manage({
      method: 'PUT',
      path: '/forms/:formId',
      operation: 'UpdateForm',
      result: 'updateForm',
      bodyVariable: 'input',
    }),
    manage({ method: 'DELETE', path: '/forms/:formId', operation: 'ArchiveForm', result: 'archiveForm', status: 204 }),
    manage({ method: 'POST', path: '/forms/:formId/publish', operation: 'PublishForm', result: 'publishForm' }),
    manage({ method: 'POST', path: '/forms/:formId/unpublish', operation: 'UnpublishForm', result: 'unpublishForm' }),
    manage({
      method: 'POST',
      path: '/forms/:formId/duplicate',
      operation: 'DuplicateForm',
      result: 'duplicateForm',
      status: 201,
    }),
    manage({
      method: 'POST',
      path: '/forms/:formId/fields/reorder',
      operation: 'ReorderFormFields',
      result: 'reorderFormFields',
      bodyVariable: 'input',
    }),
    manage({
      method: 'POST',
      path: '/forms/:formId/fields',
      operation: 'CreateFormField',
      result: 'createFormField',
      status: 201,
      bodyVariable: 'input',
    }),
    manage({
      method: 'PUT',
      path: '/forms/:formId/fields/:fieldId',
      operation: 'UpdateFormField',
      result: 'updateFormField',
      bodyVariable: 'input',
    }),
    manage({
      method: 'DELETE',
      path: '/forms/:formId/fields/:fieldId',
      operation: 'DeleteFormField',
      result: 'deleteFormField',
      status: 204,
    }),
    manage(
      {
        method: 'GET',
        path: '/forms/:formId/submissions',
        operation: 'ListFormSubmissions',
        result: 'formSubmissions',
        list: true,
        query: { page: 'int', limit: 'int', status: 'string', startDate: 'string', endDate: 'string' },
      },
      true,
    ),
    // Before /submissions/:submissionId, which would otherwise take "export" as an id.
    manage(
      {
        method: 'GET',
        path: '/forms/:formId/submissions/export',
        operation: 'ExportFormSubmissions',
        result: 'formSubmissionExport',
        query: { format: 'string', startDate: 'string', endDate: 'string' },
        stream: exportStream,
      },
      true,
    ),
    manage(
      {
        method: 'GET',
        path: '/forms/:formId/submissions/:submissionId',
        operation: 'GetFormSubmission',
        result: 'formSubmission',
      },
      true,
    ),
    manage({
      method: 'DELETE',
      path: '/forms/:formId/submissions/:submissionId',
      operation: 'DeleteFormSubmission',
      result: 'deleteFormSubmission',
      status: 204,
    }),
    manage(
      {
        method: 'GET',
        path: '/forms/:formId/files/:fileId',
        operation: 'GetFormFile',
        result: 'formFile',
        respond: download,
      },
      true,
    ),
    manage(
      {
        method: 'GET',
        path: '/forms/:formId/analytics',
        operation: 'GetFormAnalytics',
        result: 'formAnalytics',
        query: { startDate: 'string', endDate: 'string', groupBy: 'string', timezone: 'string' },
      },
      true,
    ),
  ],
};

/** The form password travels in a header. */
const PASSWORD = { password: 'x-form-password' };

/** Public forms: no key unless the form sets requireApiKey. */
export const publicFormsRoutes: ModuleRoutes = {
  module: 'forms',
  prefix: '/f',
  envelope: 'forms',
  routes: [
    {
      method: 'GET',
      path: '/f/:formRef',
      operation: 'GetPublicForm',
      result: 'publicForm',
      auth: 'public',
      headerVariables: PASSWORD,
      rateLimit: { category: 'reads', endpoint: PUBLIC },
    },
    {
      method: 'POST',
      path: '/f/:formRef/view',
      operation: 'RecordFormView',
      result: 'recordFormView',
      auth: 'public',
      headerVariables: PASSWORD,
      bodyVariable: 'input',
      bodyOptional: 'null',
      rateLimit: { category: 'general', endpoint: PUBLIC },
    },
    {
      method: 'POST',
      path: '/f/:formRef/submit',
      operation: 'SubmitForm',
      result: 'submitForm',
      auth: 'public',
      status: 201,
      headerVariables: PASSWORD,
      bodyVariable: 'input',
      bodyOptional: 'null',
      rateLimit: { category: 'general', endpoint: PUBLIC_SUBMISSION },
    },
    {
      method: 'POST',
      path: '/f/:formRef/files',
      operation: 'UploadFormFile',
      result: 'uploadFormFile',
      auth: 'public',
      status: 201,
      headerVariables: PASSWORD,
      bodyVariable: 'input',
      bodyLimitBytes: UPLOAD_BODY_LIMIT,
      rateLimit: { category: 'general', endpoint: PUBLIC_SUBMISSION },
    },
    {
      method: 'POST',
      path: '/f/:formRef/partial',
      operation: 'SaveFormPartial',
      result: 'saveFormPartial',
      auth: 'public',
      headerVariables: PASSWORD,
      bodyVariable: 'input',
      bodyOptional: 'null',
      rateLimit: { category: 'general', endpoint: PUBLIC },
    },
  ],
};
