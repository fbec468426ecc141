import type { LocalOperation } from '../../../platform/http/direct-route.js';
import type { AuthDeps } from '../auth-deps.js';
import type { SignInInput } from './session.types.js';
import { SignInService } from './sign-in.service.js';

/**
 * POST /auth/sign-in answered in-process: the bridge hands the SignInAuthUser variables to the service the
 * `signInAuthUser` mutation calls (same checks, rate limit, audit rows and events), skipping GraphQL execution,
 * the per-request cost beside the hash that a profile shows. In split mode the bridge sends the mutation instead.
 */
export function signInLocalOperation(deps: AuthDeps): LocalOperation {
  const signIns = new SignInService(deps);
  return {
    operation: 'SignInAuthUser',
    authorized: ['auth'],
    run: (variables, { em }) => signIns.signIn(em, variables.input as SignInInput),
  };
}
