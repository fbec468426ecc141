import type { ServerResponse } from 'node:http';
import type { BridgeRequest, ModuleRoutes, QueryParamType, RouteSpec } from '../route-table.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

/** Standard support APIs 100 per minute, widget APIs 1,000 per minute. */
const STANDARD = { limit: 100, windowMs: 60_000 };
const WIDGET = { limit: 1_000, windowMs: 60_000 };
/** Typing is renewed every few seconds by each agent typing: 1,000 per minute per organization (subscribers throttle floods). */
const TYPING = { limit: 1_000, windowMs: 60_000 };
/** A reply carries up to 25 MB of attachments, base64 (4/3) plus the message and JSON. */
const REPLY_BODY_LIMIT = 36 * 1024 * 1024;
/** A visitor's message carries up to 10 MB of files, base64 (4/3) plus the message and JSON. */
const WIDGET_BODY_LIMIT = 15 * 1024 * 1024;
const PAGE: Record<string, QueryParamType> = { page: 'int', limit: 'int' };

/** The body as a JSON object; support names every 400 VALIDATION_ERROR. */
function body(r: BridgeRequest): Record<string, unknown> {
  if (typeof r.body !== 'object' || r.body === null || Array.isArray(r.body)) {
    throw new DomainError('VALIDATION_ERROR', 'The body must be a JSON object', {
      field: 'body',
      received: Array.isArray(r.body) ? 'array' : r.body === null || r.body === undefined ? 'nothing' : typeof r.body,
      expected: 'object',
    });
  }
  return r.body as Record<string, unknown>;
}

/** An attachment as a download: its bytes, never rendered by the browser on our origin. */
const download = (result: unknown, res: ServerResponse) => {
  const a = result as { filename: string; contentType: string; content: string };
  const bytes = Buffer.from(a.content, 'base64');
  res.writeHead(200, {
    'Content-Type': a.contentType,
    'Content-Length': String(bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `attachment; filename="${a.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(a.filename)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  res.end(bytes);
};

/** DELETE answers `{data: {id, deleted: true}}`. */
const deleted = (param: string) => (_result: unknown, res: ServerResponse, req: BridgeRequest) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ data: { id: req.params[param], deleted: true } }));
};

const header = (r: BridgeRequest, name: string) => {
  const value = r.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};
/** The widget's credentials and the page's origin, which the inbox's allowedOrigins must admit. */
const tokens = (r: BridgeRequest) => ({
  widgetToken: header(r, 'x-widget-token'),
  visitorToken: header(r, 'x-visitor-token'),
  origin: header(r, 'origin'),
});

const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({
  ...spec,
  rateLimit: { category: 'reads', endpoint: STANDARD },
});
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({
  ...spec,
  rateLimit: { category: 'general', endpoint: STANDARD },
});
const widget = (spec: Omit<RouteSpec, 'rateLimit' | 'auth'>): RouteSpec => ({
  ...spec,
  auth: 'public',
  rateLimit: { category: spec.method === 'GET' ? 'reads' : 'general', endpoint: WIDGET },
});
const withInput =
  (...params: string[]) =>
  (r: BridgeRequest) => ({ ...Object.fromEntries(params.map((p) => [p, r.params[p]])), input: body(r) });

const C = '/support/conversations/:conversationId';
const V = '/support/visitors/:visitorId';
const CO = '/support/companies/:companyId';
const I = '/support/inboxes/:inboxId';
const ANALYTICS: Record<string, QueryParamType> = { startDate: 'string', endDate: 'string', inboxId: 'string' };

/** Support, `{data}` envelope, `support` scope; the widget's public paths beyond the spec. */
export const supportRoutes: ModuleRoutes = {
  module: 'support',
  prefix: '/support',
  envelope: 'support',
  routes: [
    read({
      method: 'GET',
      path: '/support/conversations',
      operation: 'ListSupportConversations',
      result: 'supportConversations',
      list: true,
      query: { ...PAGE, status: 'string', inboxId: 'string', assigneeId: 'string', visitorId: 'string', tag: 'string' },
    }),
    read({ method: 'GET', path: C, operation: 'GetSupportConversation', result: 'supportConversation' }),
    write({
      method: 'PUT',
      path: C,
      operation: 'SetSupportConversationStatus',
      result: 'setSupportConversationStatus',
      variables: withInput('conversationId'),
    }),
    write({
      method: 'POST',
      path: `${C}/reply`,
      operation: 'ReplySupportConversation',
      result: 'replySupportConversation',
      status: 201,
      variables: withInput('conversationId'),
      bodyLimitBytes: REPLY_BODY_LIMIT,
    }),
    {
      method: 'POST',
      path: `${C}/typing`,
      operation: 'SetSupportConversationTyping',
      result: 'setSupportConversationTyping',
      variables: withInput('conversationId'),
      rateLimit: { category: 'general', endpoint: TYPING },
    },
    write({
      method: 'POST',
      path: `${C}/assign`,
      operation: 'AssignSupportConversation',
      result: 'assignSupportConversation',
      variables: withInput('conversationId'),
    }),
    write({
      method: 'POST',
      path: `${C}/snooze`,
      operation: 'SnoozeSupportConversation',
      result: 'snoozeSupportConversation',
      variables: withInput('conversationId'),
    }),
    write({
      method: 'POST',
      path: `${C}/tags`,
      operation: 'TagSupportConversation',
      result: 'tagSupportConversation',
      variables: withInput('conversationId'),
    }),
    read({
      method: 'GET',
      path: `${C}/attachments/:attachmentId`,
      operation: 'GetSupportAttachment',
      result: 'supportAttachment',
      respond: download,
    }),
    write({
      method: 'DELETE',
      path: `${C}/tags/:tagId`,
      operation: 'UntagSupportConversation',
      result: 'untagSupportConversation',
    }),

    read({
      method: 'GET',
      path: '/support/visitors',
      operation: 'ListSupportVisitors',
      result: 'supportVisitors',
      list: true,
      query: { ...PAGE, search: 'string', identified: 'boolean', companyId: 'string' },
    }),
    read({ method: 'GET', path: V, operation: 'GetSupportVisitor', result: 'supportVisitor' }),
    write({
      method: 'PUT',
      path: V,
      operation: 'UpdateSupportVisitor',
      result: 'updateSupportVisitor',
      variables: withInput('visitorId'),
    }),
    write({
      method: 'DELETE',
      path: V,
      operation: 'DeleteSupportVisitor',
      result: 'deleteSupportVisitor',
      respond: deleted('visitorId'),
    }),
    read({
      method: 'GET',
      path: `${V}/sessions`,
      operation: 'ListSupportVisitorSessions',
      result: 'supportVisitorSessions',
      list: true,
      query: PAGE,
    }),
    read({
      method: 'GET',
      path: `${V}/events`,
      operation: 'ListSupportVisitorEvents',
      result: 'supportVisitorEvents',
      list: true,
      query: PAGE,
    }),
    read({
      method: 'GET',
      path: `${V}/conversations`,
      operation: 'ListSupportVisitorConversations',
      result: 'supportVisitorConversations',
      list: true,
      query: PAGE,
    }),
    write({
      method: 'PUT',
      path: `${V}/company`,
      operation: 'SetSupportVisitorCompany',
      result: 'setSupportVisitorCompany',
      variables: withInput('visitorId'),
    }),
    read({ method: 'GET', path: `${V}/export`, operation: 'ExportSupportVisitor', result: 'supportVisitorExport' }),
    write({
      method: 'POST',
      path: `${V}/anonymize`,
      operation: 'AnonymizeSupportVisitor',
      result: 'anonymizeSupportVisitor',
    }),

    read({
      method: 'GET',
      path: '/support/companies',
      operation: 'ListSupportCompanies',
      result: 'supportCompanies',
      list: true,
      query: { ...PAGE, search: 'string', industry: 'string' },
    }),
    write({
      method: 'POST',
      path: '/support/companies',
      operation: 'CreateSupportCompany',
      result: 'createSupportCompany',
      status: 201,
      variables: withInput(),
    }),
    read({ method: 'GET', path: CO, operation: 'GetSupportCompany', result: 'supportCompany' }),
    write({
      method: 'PUT',
      path: CO,
      operation: 'UpdateSupportCompany',
      result: 'updateSupportCompany',
      variables: withInput('companyId'),
    }),
    write({
      method: 'DELETE',
      path: CO,
      operation: 'DeleteSupportCompany',
      result: 'deleteSupportCompany',
      respond: deleted('companyId'),
    }),
    read({
      method: 'GET',
      path: `${CO}/users`,
      operation: 'ListSupportCompanyUsers',
      result: 'supportCompanyUsers',
      list: true,
      query: PAGE,
    }),
    read({
      method: 'GET',
      path: `${CO}/conversations`,
      operation: 'ListSupportCompanyConversations',
      result: 'supportCompanyConversations',
      list: true,
      query: PAGE,
    }),
    read({ method: 'GET', path: `${CO}/stats`, operation: 'GetSupportCompanyStats', result: 'supportCompanyStats' }),
    write({
      method: 'POST',
      path: `${CO}/notes`,
      operation: 'AddSupportCompanyNote',
      result: 'addSupportCompanyNote',
      status: 201,
      variables: withInput('companyId'),
    }),
    read({
      method: 'GET',
      path: `${CO}/notes`,
      operation: 'ListSupportCompanyNotes',
      result: 'supportCompanyNotes',
      list: true,
      query: PAGE,
    }),

    read({
      method: 'GET',
      path: '/support/inboxes',
      operation: 'ListSupportInboxes',
      result: 'supportInboxes',
      list: true,
      query: PAGE,
    }),
    write({
      method: 'POST',
      path: '/support/inboxes',
      operation: 'CreateSupportInbox',
      result: 'createSupportInbox',
      status: 201,
      variables: withInput(),
    }),
    read({ method: 'GET', path: I, operation: 'GetSupportInbox', result: 'supportInbox' }),
    write({
      method: 'PUT',
      path: I,
      operation: 'UpdateSupportInbox',
      result: 'updateSupportInbox',
      variables: withInput('inboxId'),
    }),
    write({
      method: 'DELETE',
      path: I,
      operation: 'DeleteSupportInbox',
      result: 'deleteSupportInbox',
      respond: deleted('inboxId'),
    }),
    write({
      method: 'POST',
      path: `${I}/identity-secret`,
      operation: 'RotateSupportInboxIdentitySecret',
      result: 'rotateSupportInboxIdentitySecret',
      status: 201,
    }),
    read({ method: 'GET', path: `${I}/stats`, operation: 'GetSupportInboxStats', result: 'supportInboxStats' }),
    read({
      method: 'GET',
      path: `${I}/members`,
      operation: 'ListSupportInboxMembers',
      result: 'supportInboxMembers',
      list: true,
      query: PAGE,
    }),
    write({
      method: 'POST',
      path: `${I}/members`,
      operation: 'AddSupportInboxMember',
      result: 'addSupportInboxMember',
      status: 201,
      variables: withInput('inboxId'),
    }),
    write({
      method: 'DELETE',
      path: `${I}/members/:userId`,
      operation: 'RemoveSupportInboxMember',
      result: 'removeSupportInboxMember',
      respond: deleted('userId'),
    }),
    write({
      method: 'PUT',
      path: `${I}/members/:userId/availability`,
      operation: 'SetSupportMemberAvailability',
      result: 'setSupportMemberAvailability',
      variables: withInput('inboxId', 'userId'),
    }),

    read({
      method: 'GET',
      path: '/support/canned-responses',
      operation: 'ListSupportCannedResponses',
      result: 'supportCannedResponses',
      list: true,
      query: { ...PAGE, search: 'string' },
    }),
    write({
      method: 'POST',
      path: '/support/canned-responses',
      operation: 'CreateSupportCannedResponse',
      result: 'createSupportCannedResponse',
      status: 201,
      variables: withInput(),
    }),
    read({
      method: 'GET',
      path: '/support/canned-responses/:responseId',
      operation: 'GetSupportCannedResponse',
      result: 'supportCannedResponse',
    }),
    write({
      method: 'PUT',
      path: '/support/canned-responses/:responseId',
      operation: 'UpdateSupportCannedResponse',
      result: 'updateSupportCannedResponse',
      variables: withInput('responseId'),
    }),
    write({
      method: 'DELETE',
      path: '/support/canned-responses/:responseId',
      operation: 'DeleteSupportCannedResponse',
      result: 'deleteSupportCannedResponse',
      respond: deleted('responseId'),
    }),

    read({
      method: 'GET',
      path: '/support/analytics/overview',
      operation: 'GetSupportAnalyticsOverview',
      result: 'supportAnalyticsOverview',
      query: ANALYTICS,
    }),
    read({
      method: 'GET',
      path: '/support/analytics/conversations',
      operation: 'GetSupportAnalyticsConversations',
      result: 'supportAnalyticsConversations',
      query: ANALYTICS,
    }),
    read({
      method: 'GET',
      path: '/support/analytics/team',
      operation: 'GetSupportAnalyticsTeam',
      result: 'supportAnalyticsTeam',
      query: ANALYTICS,
    }),
    read({
      method: 'GET',
      path: '/support/analytics/response-time',
      operation: 'GetSupportAnalyticsResponseTime',
      result: 'supportAnalyticsResponseTime',
      query: { ...ANALYTICS, metric: 'string', businessHours: 'boolean' },
    }),

    widget({
      method: 'GET',
      path: '/support/widget/config',
      operation: 'GetSupportWidgetConfig',
      result: 'supportWidgetConfig',
      variables: (r) => ({ widgetToken: header(r, 'x-widget-token'), origin: header(r, 'origin') }),
    }),
    widget({
      method: 'POST',
      path: '/support/widget/sessions',
      operation: 'StartSupportWidgetSession',
      result: 'startSupportWidgetSession',
      status: 201,
      variables: (r) => ({ ...tokens(r), input: r.body === undefined ? {} : body(r) }),
    }),
    widget({
      method: 'POST',
      path: '/support/widget/events',
      operation: 'RecordSupportWidgetEvent',
      result: 'recordSupportWidgetEvent',
      status: 201,
      variables: (r) => ({ ...tokens(r), input: body(r) }),
    }),
    widget({
      method: 'POST',
      path: '/support/widget/identify',
      operation: 'IdentifySupportWidgetVisitor',
      result: 'identifySupportWidgetVisitor',
      variables: (r) => ({ ...tokens(r), input: body(r) }),
    }),
    widget({
      method: 'GET',
      path: '/support/widget/conversations',
      operation: 'ListSupportWidgetConversations',
      result: 'supportWidgetConversations',
      variables: tokens,
    }),
    widget({
      method: 'POST',
      path: '/support/widget/conversations',
      operation: 'StartSupportWidgetConversation',
      result: 'startSupportWidgetConversation',
      status: 201,
      variables: (r) => ({ ...tokens(r), input: body(r), idempotencyKey: header(r, 'idempotency-key') }),
      bodyLimitBytes: WIDGET_BODY_LIMIT,
    }),
    widget({
      method: 'GET',
      path: '/support/widget/conversations/:conversationId',
      operation: 'GetSupportWidgetConversation',
      result: 'supportWidgetConversation',
      variables: (r) => ({ ...tokens(r), conversationId: r.params.conversationId }),
    }),
    widget({
      method: 'POST',
      path: '/support/widget/conversations/:conversationId/messages',
      operation: 'PostSupportWidgetMessage',
      result: 'postSupportWidgetMessage',
      status: 201,
      variables: (r) => ({
        ...tokens(r),
        conversationId: r.params.conversationId,
        input: body(r),
        idempotencyKey: header(r, 'idempotency-key'),
      }),
      bodyLimitBytes: WIDGET_BODY_LIMIT,
    }),
    widget({
      method: 'POST',
      path: '/support/widget/conversations/:conversationId/typing',
      operation: 'SetSupportWidgetTyping',
      result: 'setSupportWidgetTyping',
      variables: (r) => ({ ...tokens(r), conversationId: r.params.conversationId, input: body(r) }),
    }),
    widget({
      method: 'GET',
      path: '/support/widget/conversations/:conversationId/attachments/:attachmentId',
      operation: 'GetSupportWidgetAttachment',
      result: 'supportWidgetAttachment',
      variables: (r) => ({
        ...tokens(r),
        conversationId: r.params.conversationId,
        attachmentId: r.params.attachmentId,
      }),
      respond: download,
    }),

    ...webhookRouteSpecs({
      namespace: 'support',
      path: '/support/webhooks',
      only: ['create', 'list', 'get', 'update', 'delete', 'test', 'deliveries'],
      deliveriesSegment: 'logs',
    }).map((spec) => ({ ...spec, rateLimit: { ...spec.rateLimit, endpoint: STANDARD } })),
  ],
};
