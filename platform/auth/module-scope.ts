import { SCOPES } from '../organizations/scopes.js';
import { DomainError } from '../errors/domain-error.js';
import { hasScope, type Auth } from './auth.js';

/** The scope named after a subgraph (`ai-gateway` answers to `ai`); null for a subgraph no scope names. */
export function scopeOfSubgraph(name: string): string | null {
  const scope = name === 'ai-gateway' ? 'ai' : name;
  return (SCOPES as readonly string[]).includes(scope) ? scope : null;
}

/**
 * Every field a subgraph resolves demands the subgraph's scope, whichever query it hangs from (a calendar-only key
 * reaching auth users through `Booking.host`): checked once per fetch, where the gateway hands a subgraph its part of
 * the plan, instead of per field. Public operations (no key) check their own tokens.
 */
export function assertSubgraphScope(auth: Auth | null, subgraph: string): void {
  const scope = SELF_SCOPED.has(subgraph) ? null : scopeOfSubgraph(subgraph);
  if (!auth || !scope || hasScope(auth, scope)) return;
  throw new DomainError('FORBIDDEN', `This key lacks the "${scope}" scope`);
}

/** The shared webhook engine serves each module's webhook namespace under that module's scope, checked per call (namespaceFor). */
const SELF_SCOPED = new Set(['webhooks']);
