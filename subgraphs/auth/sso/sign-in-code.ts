import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken } from '../entities/auth-token.entity.js';
import { issueToken } from '../shared/secret-token.js';

/** How long a code handed to the application's redirect URI may be redeemed. */
export const SIGN_IN_CODE_SECONDS = 60;

/** What a code stands for; POST /auth/sso/token turns it into a session. */
export interface SignInCodeData {
  applicationId: string;
  redirectUri: string;
  /** `sso` (an identity provider vouched) or `password` (the hosted page checked it). */
  method: 'sso' | 'password';
  /** A second factor was already checked (the hosted page's MFA step). */
  mfaVerified: boolean;
  /** The identity provider's profile (SSO only). */
  profile: Record<string, unknown> | null;
}

/** A one-time code (`sic_….<secret>`, SHA-256 kept) for a user whose sign-in is proven, redeemable once within 60 s. */
export async function issueSignInCode(
  tx: EntityManager,
  userId: string,
  data: SignInCodeData,
  now: Date,
): Promise<string> {
  const code = issueToken('sic');
  tx.create(AuthToken, {
    id: code.id,
    organizationId: undefined as never,
    kind: 'SIGN_IN_CODE',
    userId,
    secretHash: code.secretHash,
    data: data as unknown as Record<string, unknown>,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_SECONDS * 1000),
    createdAt: now,
  });
  await tx.flush();
  return code.token;
}

/** The redirect URI with `code` and the caller's `state` (its own query kept). */
export function codeRedirect(redirectUri: string, code: string, state: string | null | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state) url.searchParams.set('state', state);
  return url.href;
}

/** The redirect URI with `error`, `error_description` and the caller's `state`. */
export function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state: string | null | undefined,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description.slice(0, 300));
  if (state) url.searchParams.set('state', state);
  return url.href;
}
