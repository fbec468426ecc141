import type { Auth } from '../../../platform/auth/auth.js';
import { hasScope } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { EventCatalog, WebhookNamespace } from '../../../platform/events/event-catalog.js';

/**
 * The namespace a call works in (`platform` for /webhooks, a module's name for its own webhook paths), after
 * checking the key has that namespace's scope: /auth/webhooks needs `auth`, /webhooks needs `webhooks`.
 */
export function namespaceFor(events: EventCatalog, auth: Auth, name: string): WebhookNamespace {
  const namespace = events.namespace(name);
  if (!namespace) {
    throw new DomainError('INVALID_REQUEST', `Unknown webhook namespace ${name}`, {
      field: 'namespace',
      received: name,
      expected: events.namespaceNames(),
    });
  }
  if (!hasScope(auth, namespace.scope))
    throw new DomainError('FORBIDDEN', `This key lacks the "${namespace.scope}" scope`);
  return namespace;
}
