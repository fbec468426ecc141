import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';
import { jsonObject } from '../request-values.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

// Agent mailboxes have no rate figures of their own: the key's plan rates apply.
const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'reads' } });
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'general' } });
const send = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: 'emailSending' } });
const input = (r: BridgeRequest) => ({ input: jsonObject(r.body) });
// Reply, reply-all and cancel may come without a body.
const optionalInput = (r: BridgeRequest) => (r.body === undefined ? {} : jsonObject(r.body));
const id = (name: string) => (r: BridgeRequest) => ({ id: r.params[name] });
const P = '/v1/agent-email';
const PAGE = { limit: 'int', offset: 'int' } as const;
/**
 * Sends carry up to 25 MB of attachments: 33.3 MiB as base64, plus bodies of up to 5,000,000
 * characters each and the JSON around them. Up to this limit the service answers ATTACHMENT_TOO_LARGE (400) for more
 * than 25 MB; above it the body is refused unread (413), as on every route.
 */
export const MAILBOX_SEND_BODY_LIMIT = 48 * 1024 * 1024;
const big = (spec: RouteSpec): RouteSpec => ({ ...spec, bodyLimitBytes: MAILBOX_SEND_BODY_LIMIT });

/** Agent mailboxes, `{data}` / `{data, meta: {total, limit, offset}}` / `{error: {code, message}}`, scope `mailboxes`. */
export const mailboxesRoutes: ModuleRoutes = {
  module: 'mailboxes',
  prefix: P,
  envelope: 'mailboxes',
  routes: [
    write({
      method: 'POST',
      path: `${P}/mailboxes`,
      operation: 'CreateMailbox',
      result: 'createMailbox',
      status: 201,
      variables: input,
    }),
    read({
      method: 'GET',
      path: `${P}/mailboxes`,
      operation: 'ListMailboxes',
      result: 'mailboxes',
      list: true,
      query: PAGE,
    }),
    read({
      method: 'GET',
      path: `${P}/mailboxes/:mailboxId`,
      operation: 'GetMailbox',
      result: 'mailbox',
      variables: id('mailboxId'),
    }),
    write({
      method: 'DELETE',
      path: `${P}/mailboxes/:mailboxId`,
      operation: 'DeleteMailbox',
      result: 'deleteMailbox',
      variables: id('mailboxId'),
    }),

    big(
      send({
        method: 'POST',
        path: `${P}/messages/send`,
        operation: 'SendMailboxMessage',
        result: 'sendMailboxMessage',
        status: 202,
        variables: input,
      }),
    ),
    big({
      method: 'POST',
      path: `${P}/messages/send-batch`,
      operation: 'SendMailboxBatch',
      result: 'sendMailboxBatch',
      status: 202,
      rateLimit: { category: 'batch' },
      variables: input,
    }),
    big(
      send({
        method: 'POST',
        path: `${P}/messages/:messageId/reply`,
        operation: 'ReplyToMailboxMessage',
        result: 'replyToMailboxMessage',
        status: 202,
        variables: (r) => ({ id: r.params.messageId, input: optionalInput(r) }),
      }),
    ),
    big(
      send({
        method: 'POST',
        path: `${P}/messages/:messageId/reply-all`,
        operation: 'ReplyAllToMailboxMessage',
        result: 'replyAllToMailboxMessage',
        status: 202,
        variables: (r) => ({ id: r.params.messageId, input: optionalInput(r) }),
      }),
    ),
    big(
      send({
        method: 'POST',
        path: `${P}/messages/:messageId/forward`,
        operation: 'ForwardMailboxMessage',
        result: 'forwardMailboxMessage',
        status: 202,
        variables: (r) => ({ id: r.params.messageId, input: jsonObject(r.body) }),
      }),
    ),
    write({
      method: 'POST',
      path: `${P}/messages/:messageId/cancel`,
      operation: 'CancelMailboxMessage',
      result: 'cancelMailboxMessage',
      variables: id('messageId'),
    }),

    read({
      method: 'GET',
      path: `${P}/mailboxes/:mailboxId/inbox`,
      operation: 'ListMailboxInbox',
      result: 'mailboxInbox',
      list: true,
      query: {
        ...PAGE,
        unread: 'boolean',
        label: 'string',
        from: 'string',
        after: 'string',
        before: 'string',
        sort: 'string',
        archived: 'boolean',
      },
      variables: (r) => ({ mailboxId: r.params.mailboxId, ...r.query }),
    }),
    read({
      method: 'GET',
      path: `${P}/mailboxes/:mailboxId/inbox/search`,
      operation: 'SearchMailbox',
      result: 'searchMailbox',
      list: true,
      query: { query: 'string', q: 'string', ...PAGE },
      variables: (r) => ({
        mailboxId: r.params.mailboxId,
        query: r.query.query ?? r.query.q ?? '',
        limit: r.query.limit,
        offset: r.query.offset,
      }),
    }),
    // GET with markRead=true marks the message read (it runs the mutation; without markRead nothing changes).
    read({
      method: 'GET',
      path: `${P}/inbox/:messageId`,
      operation: 'OpenMailboxMessage',
      result: 'openMailboxMessage',
      query: { markRead: 'boolean' },
      variables: (r) => ({ id: r.params.messageId, markRead: r.query.markRead ?? false }),
    }),
    write({
      method: 'POST',
      path: `${P}/inbox/mark-read`,
      operation: 'MarkMailboxMessagesRead',
      result: 'markMailboxMessagesRead',
      variables: input,
    }),
    write({
      method: 'POST',
      path: `${P}/inbox/mark-unread`,
      operation: 'MarkMailboxMessagesUnread',
      result: 'markMailboxMessagesUnread',
      variables: input,
    }),
    write({
      method: 'POST',
      path: `${P}/inbox/archive`,
      operation: 'ArchiveMailboxMessages',
      result: 'archiveMailboxMessages',
      variables: input,
    }),
    write({
      method: 'POST',
      path: `${P}/inbox/unarchive`,
      operation: 'UnarchiveMailboxMessages',
      result: 'unarchiveMailboxMessages',
      variables: input,
    }),
    write({
      method: 'DELETE',
      path: `${P}/inbox`,
      operation: 'DeleteMailboxMessages',
      result: 'deleteMailboxMessages',
      deleteWithBody: true,
      variables: input,
    }),

    read({
      method: 'GET',
      path: `${P}/mailboxes/:mailboxId/threads`,
      operation: 'ListMailboxThreads',
      result: 'mailboxThreads',
      list: true,
      query: { ...PAGE, sort: 'string' },
      variables: (r) => ({ mailboxId: r.params.mailboxId, ...r.query }),
    }),
    read({
      method: 'GET',
      path: `${P}/threads/:threadId`,
      operation: 'GetMailboxThread',
      result: 'mailboxThread',
      filled: ['messages'],
      variables: id('threadId'),
    }),

    read({
      method: 'GET',
      path: `${P}/mailboxes/:mailboxId/labels`,
      operation: 'ListMailboxLabels',
      result: 'mailboxLabels',
      variables: (r) => ({ mailboxId: r.params.mailboxId }),
    }),
    write({
      method: 'POST',
      path: `${P}/mailboxes/:mailboxId/labels`,
      operation: 'CreateMailboxLabel',
      result: 'createMailboxLabel',
      status: 201,
      variables: (r) => ({ mailboxId: r.params.mailboxId, ...input(r) }),
    }),
    write({
      method: 'DELETE',
      path: `${P}/mailboxes/:mailboxId/labels/:labelName`,
      operation: 'DeleteMailboxLabel',
      result: 'deleteMailboxLabel',
      variables: (r) => ({ mailboxId: r.params.mailboxId, name: r.params.labelName }),
    }),
    write({
      method: 'POST',
      path: `${P}/inbox/:messageId/labels`,
      operation: 'LabelMailboxMessage',
      result: 'labelMailboxMessage',
      variables: (r) => ({ id: r.params.messageId, ...input(r) }),
    }),
    write({
      method: 'DELETE',
      path: `${P}/inbox/:messageId/labels/:labelName`,
      operation: 'UnlabelMailboxMessage',
      result: 'unlabelMailboxMessage',
      variables: (r) => ({ id: r.params.messageId, name: r.params.labelName }),
    }),

    ...webhookRouteSpecs({
      namespace: 'mailboxes',
      path: `${P}/mailboxes/:mailboxId/webhooks`,
      itemPath: `${P}/webhooks/:webhookId`,
      filterParams: { mailboxId: 'mailboxId' },
      only: ['create', 'list', 'get', 'update', 'delete', 'test', 'deliveries'],
    }),

    write({
      method: 'POST',
      path: `${P}/domains`,
      operation: 'CreateMailboxDomain',
      result: 'createMailboxDomain',
      status: 201,
      variables: input,
    }),
    read({
      method: 'GET',
      path: `${P}/domains`,
      operation: 'ListMailboxDomains',
      result: 'mailboxDomains',
      list: true,
      query: PAGE,
    }),
    read({
      method: 'GET',
      path: `${P}/domains/:domainId`,
      operation: 'GetMailboxDomain',
      result: 'mailboxDomain',
      variables: id('domainId'),
    }),
    write({
      method: 'POST',
      path: `${P}/domains/:domainId/verify`,
      operation: 'VerifyMailboxDomain',
      result: 'verifyMailboxDomain',
      variables: id('domainId'),
    }),
    write({
      method: 'DELETE',
      path: `${P}/domains/:domainId`,
      operation: 'DeleteMailboxDomain',
      result: 'deleteMailboxDomain',
      variables: id('domainId'),
    }),
  ],
};
