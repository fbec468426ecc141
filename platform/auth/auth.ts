import type { ApiKeyType } from '../organizations/api-key.entity.js';
import type { PlanName } from '../rate-limit/plans.js';

/** Who is calling: the organization and the key it presented. Built once per request, never from user input. */
export interface Auth {
  organizationId: string;
  keyId: string;
  keyType: ApiKeyType;
  /** Granted scopes; `*` means all. */
  scopes: string[];
  plan: PlanName;
}

/** What an operation needs. `send` opens an operation to SENDING keys as well; a scope name needs that scope. */
export type Requirement = 'send' | string;

export function hasScope(auth: Auth, scope: string): boolean {
  return auth.scopes.includes('*') || auth.scopes.includes(scope);
}
