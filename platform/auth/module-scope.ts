import { DomainError } from '../errors/domain-error.js';
import { hasScope, type Auth } from './auth.js';

/**
 * Every field a subgraph resolves demands the subgraph's scope (`ModuleCatalog.subgraphScope`), whichever query it
 * hangs from (a calendar-only key reaching auth users through `Booking.host`): checked once per fetch, where the
 * gateway hands a subgraph its part of the plan, instead of per field. Public operations (no key) check their own
 * tokens; a null scope (the webhook engine, which checks each namespace's scope per call) demands nothing here.
 */
export function assertSubgraphScope(auth: Auth | null, scope: string | null): void {
  if (!auth || !scope || hasScope(auth, scope)) return;
  throw new DomainError('FORBIDDEN', `This key lacks the "${scope}" scope`);
}
