import type { ErrorCode } from '../errors/error-codes.js';

/**
 * Every event type the platform raises, by the module that raises it. Webhooks may only subscribe to types listed here; a module adds its types here when
 * it starts emitting them.
 */
export const MODULE_EVENTS = {
  email: ['email.sent', 'email.delivered', 'email.opened', 'email.clicked', 'email.bounced', 'email.spam_complaint', 'email.unsubscribed'],
  sms: ['sms.sent', 'sms.delivered', 'sms.failed', 'sms.inbound', 'sms.opted_out'],
  forms: ['form.submitted', 'form.partial'],
  support: [
    'conversation.created', 'conversation.replied', 'conversation.assigned', 'conversation.resolved', 'conversation.closed',
    'message.received', 'message.sent', 'visitor.identified', 'visitor.updated',
  ],
  auth: ['user.created', 'user.deleted', 'user.blocked', 'login.success', 'login.failed', 'mfa.enrolled', 'password.changed', 'password.reset', 'session.created'],
  calendar: ['booking.created', 'booking.cancelled', 'booking.rescheduled', 'booking.reminder', 'booking.confirmed', 'booking.rejected'],
  domains: [
    'domain.registered', 'domain.renewed', 'domain.expired', 'domain.expiring_soon', 'domain.transferred_in', 'domain.transferred_out',
    'dns.changed', 'dnssec.enabled', 'dnssec.disabled',
  ],
  mailboxes: ['message.received', 'message.sent', 'message.delivered', 'message.bounced', 'domain.verified'],
  'ai-gateway': ['ai.budget.threshold'],
} as const satisfies Record<string, readonly string[]>;

/** Sent by POST /webhooks/{id}/test only; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * A set of webhooks with its own paths, scope and allowed events: `platform` is /webhooks (every event of every
 * module); each module that mounts its own webhook paths (/auth/webhooks, ...) has its own namespace, so its
 * listings show only its webhooks.
 */
export interface WebhookNamespace {
  /** The key scope a caller needs (platform/organizations/scopes.ts). */
  scope: string;
  /** Event types its webhooks may subscribe to. */
  events: readonly string[];
  /**
   * For types another module raises too (`message.received`, `message.sent`: support and agent mailboxes), the data
   * field every event of this namespace's module carries; events without it are another module's and skip this
   * namespace's webhooks.
   */
  owns?: string;
  /**
   * Types about the organization rather than one resource (`domain.verified` for agent mailboxes): they reach every
   * webhook of the namespace that subscribed to them, whatever resource filter (`{mailboxId}`) the webhook carries.
   */
  organizationWide?: readonly string[];
  /**
   * A filter on `owns` names one resource of the module (platform/events/webhook-resources.ts): a webhook may be
   * narrowed only to one the caller's organization has; one it has not answers this error.
   */
  resourceNotFound?: { code: ErrorCode; message: string };
}

/** Types two modules raise under the same name; namespaces tell theirs apart by `WebhookNamespace.owns`. */
export const SHARED_EVENT_TYPES: ReadonlySet<string> = new Set(
  Object.values(MODULE_EVENTS).flat().filter((type, i, all) => all.indexOf(type) !== i),
);

/** Whether an event goes to webhooks of a namespace (the platform namespace takes every event it subscribes to). */
export function namespaceReceives(namespace: string, type: string, data: unknown): boolean {
  if (!SHARED_EVENT_TYPES.has(type) || !isWebhookNamespace(namespace)) return true;
  const owns = (WEBHOOK_NAMESPACES[namespace] as WebhookNamespace).owns;
  return !owns || (typeof data === 'object' && data !== null && owns in data);
}

/** Whether a webhook's resource filter applies to an event of this type (not to the namespace's organization-wide types). */
export function resourceFilterApplies(namespace: string, type: string): boolean {
  if (!isWebhookNamespace(namespace)) return true;
  return !(WEBHOOK_NAMESPACES[namespace] as WebhookNamespace).organizationWide?.includes(type);
}

const ALL_EVENTS = [...new Set(Object.values(MODULE_EVENTS).flat())];

export const WEBHOOK_NAMESPACES = {
  platform: { scope: 'webhooks', events: ALL_EVENTS },
  email: { scope: 'email', events: MODULE_EVENTS.email },
  sms: { scope: 'sms', events: MODULE_EVENTS.sms },
  forms: { scope: 'forms', events: MODULE_EVENTS.forms },
  support: { scope: 'support', events: MODULE_EVENTS.support, owns: 'conversationId' },
  auth: { scope: 'auth', events: MODULE_EVENTS.auth },
  calendar: { scope: 'calendar', events: MODULE_EVENTS.calendar },
  domains: { scope: 'domains', events: MODULE_EVENTS.domains },
  mailboxes: { scope: 'mailboxes', events: MODULE_EVENTS.mailboxes, owns: 'mailboxId', organizationWide: ['domain.verified'], resourceNotFound: { code: 'MAILBOX_NOT_FOUND', message: 'Mailbox not found' } },
} as const satisfies Record<string, WebhookNamespace>;

export type WebhookNamespaceName = keyof typeof WEBHOOK_NAMESPACES;

export function isWebhookNamespace(name: string): name is WebhookNamespaceName {
  return Object.prototype.hasOwnProperty.call(WEBHOOK_NAMESPACES, name);
}
