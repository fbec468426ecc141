import type { Auth } from '../../../platform/auth/auth.js';
import { hasScope } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { isWebhookNamespace, WEBHOOK_NAMESPACES, type WebhookNamespace } from '../../../platform/events/event-catalog.js';

/**
 * The namespace a call works in (`platform` for /webhooks, a module's name for its own webhook paths), after
 * checking the key has that namespace's scope: /auth/webhooks needs `auth`, /webhooks needs `webhooks`.
 */
export function namespaceFor(auth: Auth, name: string): WebhookNamespace {
  if (!isWebhookNamespace(name)) {
    throw new DomainError('INVALID_REQUEST', `Unknown webhook namespace ${name}`, { field: 'namespace', received: name, expected: Object.keys(WEBHOOK_NAMESPACES) });
  }
  const namespace = WEBHOOK_NAMESPACES[name];
  if (!hasScope(auth, namespace.scope)) throw new DomainError('FORBIDDEN', `This key lacks the "${namespace.scope}" scope`);
  return namespace;
}
