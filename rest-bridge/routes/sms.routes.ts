import { DomainError } from '../../platform/errors/domain-error.js';
import type { ModuleRoutes, RouteSpec } from '../route-table.js';
import { jsonObject, PAGE_QUERY } from '../request-values.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

/** GET /sms/* is 100 per second. */
const READS = { category: 'reads' as const, endpoint: { limit: 100, windowMs: 1000 } };
const WRITES = { category: 'general' as const };

const fields = (body: unknown, names: string[]) => {
  const b = jsonObject(body);
  return Object.fromEntries(names.map((n) => [n, b[n] ?? null]));
};

/** A callback's form fields as `params` (none: {}), signed by X-Twilio-Signature. */
const CALLBACK_VARIABLES = {
  bodyVariable: 'params',
  bodyOptional: 'empty' as const,
  headerVariables: { signature: 'x-twilio-signature' },
};

/** SMS's documented paths, plus the paths it leaves unshown (README, API notes). Static paths before `/sms/:messageId`. */
export const smsRoutes: ModuleRoutes = {
  module: 'sms',
  prefix: '/sms',
  envelope: 'sms',
  routes: [
    {
      method: 'POST',
      path: '/sms',
      operation: 'SendSms',
      result: 'sendSms',
      bodyVariable: 'input',
      rateLimit: { category: 'smsSending', endpoint: { limit: 100, windowMs: 1000 } },
    },
    {
      method: 'POST',
      path: '/sms/batch',
      operation: 'SendSmsBatch',
      result: 'sendSmsBatch',
      variables: (r) => {
        if (!Array.isArray(r.body))
          throw new DomainError('INVALID_REQUEST', 'The batch body must be a JSON array of send requests', {
            field: 'body',
            received: r.body === undefined ? 'nothing' : typeof r.body,
            expected: 'array',
          });
        return { messages: r.body };
      },
      rateLimit: { category: 'batch', endpoint: { limit: 10, windowMs: 1000 } },
    },
    {
      method: 'GET',
      path: '/sms/messages',
      operation: 'ListSmsMessages',
      result: 'smsMessages',
      list: true,
      query: {
        ...PAGE_QUERY,
        status: 'string',
        direction: 'string',
        tag: 'string',
        fromDate: 'string',
        toDate: 'string',
      },
      rateLimit: READS,
    },
    {
      method: 'GET',
      path: '/sms/inbound',
      operation: 'ListSmsInbound',
      result: 'smsInbound',
      list: true,
      query: { ...PAGE_QUERY, fromNumber: 'string', toNumber: 'string', fromDate: 'string', toDate: 'string' },
      rateLimit: READS,
    },
    // The Twilio-style provider's callbacks: form-encoded, no key, signed (X-Twilio-Signature) over PUBLIC_URL + path.
    {
      method: 'POST',
      path: '/sms/callbacks/status',
      operation: 'SmsStatusCallback',
      result: 'smsStatusCallback',
      auth: 'public',
      body: 'form',
      ...CALLBACK_VARIABLES,
      rateLimit: WRITES,
    },
    {
      method: 'POST',
      path: '/sms/callbacks/inbound',
      operation: 'SmsInboundCallback',
      result: 'smsInboundCallback',
      auth: 'public',
      body: 'form',
      ...CALLBACK_VARIABLES,
      rateLimit: WRITES,
    },
    // Sandbox: inject an inbound message, as if a handset had texted a pool number.
    {
      method: 'POST',
      path: '/sms/sandbox/inbound',
      operation: 'ReceiveSandboxSms',
      result: 'receiveSandboxSms',
      status: 201,
      bodyVariable: 'input',
      rateLimit: WRITES,
    },
    {
      method: 'GET',
      path: '/sms/templates',
      operation: 'ListSmsTemplates',
      result: 'smsTemplates',
      list: true,
      query: { ...PAGE_QUERY },
      rateLimit: READS,
    },
    {
      method: 'POST',
      path: '/sms/templates',
      operation: 'CreateSmsTemplate',
      result: 'createSmsTemplate',
      status: 201,
      bodyVariable: 'input',
      rateLimit: WRITES,
    },
    {
      method: 'GET',
      path: '/sms/templates/:alias',
      operation: 'GetSmsTemplate',
      result: 'smsTemplate',
      rateLimit: READS,
    },
    {
      method: 'PATCH',
      path: '/sms/templates/:alias',
      operation: 'UpdateSmsTemplate',
      result: 'updateSmsTemplate',
      bodyVariable: 'input',
      rateLimit: WRITES,
    },
    {
      method: 'DELETE',
      path: '/sms/templates/:alias',
      operation: 'DeleteSmsTemplate',
      result: 'deleteSmsTemplate',
      rateLimit: WRITES,
    },
    {
      method: 'GET',
      path: '/sms/suppressions',
      operation: 'ListSmsSuppressions',
      result: 'smsSuppressions',
      list: true,
      query: { ...PAGE_QUERY, reason: 'string' },
      rateLimit: READS,
    },
    {
      method: 'POST',
      path: '/sms/suppressions',
      operation: 'AddSmsSuppression',
      result: 'addSmsSuppression',
      status: 201,
      variables: (r) => {
        const b = fields(r.body, ['phoneNumber', 'reason']);
        // GraphQL would only say "$phoneNumber was not provided"; name the field like every other 400.
        if (typeof b.phoneNumber !== 'string')
          throw new DomainError('INVALID_REQUEST', 'phoneNumber is required', {
            field: 'phoneNumber',
            received: b.phoneNumber,
            expected: 'E.164, e.g. +14155550123',
          });
        if (b.reason !== null && typeof b.reason !== 'string')
          throw new DomainError('INVALID_REQUEST', 'reason must be a string', {
            field: 'reason',
            received: b.reason,
            expected: ['MANUAL', 'OPT_OUT'],
          });
        return b;
      },
      rateLimit: WRITES,
    },
    {
      method: 'GET',
      path: '/sms/suppressions/:phoneNumber',
      operation: 'CheckSmsSuppression',
      result: 'smsSuppression',
      rateLimit: READS,
    },
    {
      method: 'DELETE',
      path: '/sms/suppressions/:phoneNumber',
      operation: 'RemoveSmsSuppression',
      result: 'removeSmsSuppression',
      rateLimit: WRITES,
    },
    { method: 'GET', path: '/sms/settings', operation: 'GetSmsSettings', result: 'smsSettings', rateLimit: READS },
    {
      method: 'PATCH',
      path: '/sms/settings',
      operation: 'UpdateSmsSettings',
      result: 'updateSmsSettings',
      bodyVariable: 'input',
      rateLimit: WRITES,
    },
    ...webhookRouteSpecs({ namespace: 'sms', path: '/sms/webhooks' }).map((spec): RouteSpec =>
      spec.rateLimit.category === 'reads' ? { ...spec, rateLimit: READS } : spec,
    ),
    { method: 'GET', path: '/sms/:messageId', operation: 'GetSmsMessage', result: 'smsMessage', rateLimit: READS },
  ],
};
