import type { ServerResponse } from 'node:http';
import type { ModuleRoutes } from '../route-table.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { jsonObject, PAGE_QUERY } from '../request-values.js';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const visitor = (r: { params: Record<string, string>; ip: string; headers: Record<string, unknown> }) => ({
  token: r.params.token,
  ip: r.ip,
  userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'].slice(0, 512) : null,
});

function pixel(_result: unknown, res: ServerResponse) {
  res.writeHead(200, {
    'Content-Type': 'image/gif',
    'Content-Length': PIXEL.length,
    'Cache-Control': 'no-store, max-age=0',
  });
  res.end(PIXEL);
}

function redirect(result: unknown, res: ServerResponse) {
  if (typeof result !== 'string') {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('This link is not valid.');
    return;
  }
  res.writeHead(302, { Location: result, 'Cache-Control': 'no-store' });
  res.end();
}

function unsubscribed(result: unknown, res: ServerResponse) {
  const ok = result === true;
  res.writeHead(ok ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    ok
      ? '<!doctype html><title>Unsubscribed</title><p>You have been unsubscribed.</p>'
      : '<!doctype html><title>Invalid link</title><p>This link is not valid.</p>',
  );
}

/** Email's documented paths, plus the public tracking paths (README, API notes). */
export const emailRoutes: ModuleRoutes = {
  module: 'email',
  prefix: '/emails',
  envelope: 'platform',
  routes: [
    {
      method: 'POST',
      path: '/emails',
      operation: 'SendEmail',
      result: 'sendEmail',
      bodyVariable: 'input',
      headerVariables: { idempotencyKey: 'idempotency-key' },
      rateLimit: { category: 'emailSending', endpoint: { limit: 100, windowMs: 1000 } },
    },
    {
      method: 'POST',
      path: '/emails/batch',
      operation: 'SendEmailBatch',
      result: 'sendEmailBatch',
      variables: (r) => {
        if (!Array.isArray(r.body))
          throw new DomainError('INVALID_REQUEST', 'The batch body must be a JSON array of send bodies', {
            field: 'body',
            received: r.body === undefined ? 'nothing' : typeof r.body,
            expected: 'array',
          });
        return {
          emails: r.body.map((item) =>
            typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { invalidItem: item },
          ),
        };
      },
      rateLimit: { category: 'batch', endpoint: { limit: 10, windowMs: 1000 } },
    },
    {
      method: 'GET',
      path: '/emails/messages',
      operation: 'ListEmailMessages',
      result: 'emailMessages',
      list: true,
      query: { ...PAGE_QUERY, status: 'string', fromDate: 'string', toDate: 'string' },
      rateLimit: { category: 'reads', endpoint: { limit: 100, windowMs: 1000 } },
    },
    {
      method: 'GET',
      path: '/emails/messages/:id',
      operation: 'GetEmailMessage',
      result: 'emailMessage',
      rateLimit: { category: 'reads', endpoint: { limit: 100, windowMs: 1000 } },
    },
    {
      method: 'GET',
      path: '/emails/t/open/:token',
      operation: 'RecordEmailOpen',
      result: 'recordEmailOpen',
      auth: 'public',
      variables: visitor,
      respond: pixel,
      rateLimit: { category: 'general' },
    },
    {
      method: 'GET',
      path: '/emails/t/click/:token',
      operation: 'RecordEmailClick',
      result: 'recordEmailClick',
      auth: 'public',
      variables: visitor,
      respond: redirect,
      rateLimit: { category: 'general' },
    },
    // GET shows the confirmation (mail clients and people), POST is the RFC 8058 one-click request.
    {
      method: 'GET',
      path: '/emails/t/unsubscribe/:token',
      operation: 'UnsubscribeEmail',
      result: 'unsubscribeEmail',
      auth: 'public',
      variables: (r) => ({ token: r.params.token }),
      respond: unsubscribed,
      rateLimit: { category: 'general' },
    },
    {
      method: 'POST',
      path: '/emails/t/unsubscribe/:token',
      operation: 'UnsubscribeEmail',
      result: 'unsubscribeEmail',
      auth: 'public',
      ignoreBody: true,
      variables: (r) => ({ token: r.params.token }),
      respond: unsubscribed,
      rateLimit: { category: 'general' },
    },
    // Templates (Postmark-style), by id or alias.
    {
      method: 'GET',
      path: '/emails/templates',
      operation: 'ListEmailTemplates',
      result: 'emailTemplates',
      list: true,
      query: { ...PAGE_QUERY },
      rateLimit: { category: 'reads' },
    },
    {
      method: 'POST',
      path: '/emails/templates',
      operation: 'CreateEmailTemplate',
      result: 'createEmailTemplate',
      status: 201,
      bodyVariable: 'input',
      rateLimit: { category: 'general' },
    },
    {
      method: 'GET',
      path: '/emails/templates/:id',
      operation: 'GetEmailTemplate',
      result: 'emailTemplate',
      rateLimit: { category: 'reads' },
    },
    {
      method: 'PATCH',
      path: '/emails/templates/:id',
      operation: 'UpdateEmailTemplate',
      result: 'updateEmailTemplate',
      bodyVariable: 'input',
      rateLimit: { category: 'general' },
    },
    {
      method: 'DELETE',
      path: '/emails/templates/:id',
      operation: 'DeleteEmailTemplate',
      result: 'deleteEmailTemplate',
      rateLimit: { category: 'general' },
    },
    // Suppressions, keyed by address.
    {
      method: 'GET',
      path: '/emails/suppressions',
      operation: 'ListEmailSuppressions',
      result: 'emailSuppressions',
      list: true,
      query: { ...PAGE_QUERY, reason: 'string' },
      rateLimit: { category: 'reads' },
    },
    {
      method: 'POST',
      path: '/emails/suppressions',
      operation: 'AddEmailSuppression',
      result: 'addEmailSuppression',
      status: 201,
      variables: (r) => {
        const b = jsonObject(r.body);
        return { email: b.email, reason: b.reason ?? null };
      },
      rateLimit: { category: 'general' },
    },
    {
      method: 'DELETE',
      path: '/emails/suppressions/:email',
      operation: 'RemoveEmailSuppression',
      result: 'removeEmailSuppression',
      rateLimit: { category: 'general' },
    },
    {
      method: 'GET',
      path: '/emails/bounces',
      operation: 'ListEmailBounces',
      result: 'emailBounces',
      list: true,
      query: { ...PAGE_QUERY, type: 'string', fromDate: 'string', toDate: 'string' },
      rateLimit: { category: 'reads' },
    },
    {
      method: 'GET',
      path: '/emails/stats',
      operation: 'ListEmailStats',
      result: 'emailStats',
      list: true,
      query: { ...PAGE_QUERY, fromDate: 'string', toDate: 'string' },
      rateLimit: { category: 'reads', endpoint: { limit: 10, windowMs: 1000 } },
    },
  ],
};
