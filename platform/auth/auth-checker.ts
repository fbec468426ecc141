import type { AuthChecker } from 'type-graphql';
import { DomainError } from '../errors/domain-error.js';
import { hasScope, type Requirement } from './auth.js';
import type { SubgraphContext } from '../context/subgraph-context.js';

/** Requirement that lets an operation run without a key (it must check a token of its own). */
export const PUBLIC = 'public';

/**
 * `@Authorized()` needs a SERVER key; `@Authorized('send')` lets SENDING keys in too; `@Authorized('crm')`
 * needs a SERVER key with that scope. 401 without a key, 403 for the wrong type or scope.
 */
export const authChecker: AuthChecker<SubgraphContext, Requirement> = ({ context }, requirements) => {
  if (requirements.includes(PUBLIC)) return true;
  const auth = context.auth;
  if (!auth) throw new DomainError('UNAUTHORIZED', 'Missing or invalid API key');
  if (auth.keyType === 'GATEWAY') throw new DomainError('FORBIDDEN', 'AI gateway keys open /ai/v1 only');
  const scopes = requirements.filter((r) => r !== 'send');
  if (auth.keyType === 'SENDING' && !requirements.includes('send'))
    throw new DomainError('FORBIDDEN', 'A SENDING key may only send');
  for (const scope of scopes)
    if (!hasScope(auth, scope)) throw new DomainError('FORBIDDEN', `This key lacks the "${scope}" scope`);
  return true;
};
