import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { jsonObject, PAGE_QUERY } from '../request-values.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

const READS: RouteSpec['rateLimit'] = { category: 'reads' };
const WRITES: RouteSpec['rateLimit'] = { category: 'general' };
const CLIENT_FIELDS = ['ip', 'userAgent'];

/** The end user's IP and user agent: given in the body by the customer's backend, else this request's own. */
const clientOf = (r: BridgeRequest, body: Record<string, unknown> = {}) => ({
  ip: typeof body.ip === 'string' ? body.ip : r.ip,
  userAgent:
    typeof body.userAgent === 'string'
      ? body.userAgent
      : typeof r.headers['user-agent'] === 'string'
        ? r.headers['user-agent']
        : null,
});

/** The body's object with only `allowed` keys; an unknown key is a 400 naming it. Missing body: {}. */
function body(r: BridgeRequest, allowed: string[], optional = false): Record<string, unknown> {
  if (optional && (r.body === undefined || r.body === null)) return {};
  const b = jsonObject(r.body);
  for (const key of Object.keys(b)) {
    if (!allowed.includes(key))
      throw new DomainError('INVALID_REQUEST', `Unknown field ${key}`, {
        field: key,
        received: key,
        expected: allowed,
      });
  }
  return b;
}

/** A required string field, named in the 400 when missing or of another type. */
function str(b: Record<string, unknown>, field: string): string {
  const value = b[field];
  if (typeof value !== 'string')
    throw new DomainError('INVALID_REQUEST', `${field} is required and must be a string`, {
      field,
      received: value === undefined ? null : value,
      expected: 'string',
    });
  return value;
}

const withoutClient = (b: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(b).filter(([k]) => !CLIENT_FIELDS.includes(k)));
const userClient = (r: BridgeRequest) => ({ userId: r.params.userId, client: clientOf(r) });

const own: RouteSpec[] = [
  // Users
  {
    method: 'POST',
    path: '/auth/users',
    operation: 'CreateAuthUser',
    result: 'createAuthUser',
    status: 201,
    rateLimit: WRITES,
    variables: (r) => ({ input: jsonObject(r.body, 'The user body'), client: clientOf(r) }),
  },
  {
    method: 'GET',
    path: '/auth/users',
    operation: 'ListAuthUsers',
    result: 'authUsers',
    list: true,
    query: { ...PAGE_QUERY, status: 'string', search: 'string' },
    rateLimit: READS,
  },
  { method: 'GET', path: '/auth/users/:userId', operation: 'GetAuthUser', result: 'authUser', rateLimit: READS },
  {
    method: 'PATCH',
    path: '/auth/users/:userId',
    operation: 'UpdateAuthUser',
    result: 'updateAuthUser',
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'DELETE',
    path: '/auth/users/:userId',
    operation: 'DeleteAuthUser',
    result: 'deleteAuthUser',
    rateLimit: WRITES,
    variables: userClient,
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/block',
    operation: 'BlockAuthUser',
    result: 'blockAuthUser',
    rateLimit: WRITES,
    ignoreBody: true,
    variables: userClient,
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/unblock',
    operation: 'UnblockAuthUser',
    result: 'unblockAuthUser',
    rateLimit: WRITES,
    ignoreBody: true,
    variables: userClient,
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/password',
    operation: 'ChangeAuthPassword',
    result: 'changeAuthPassword',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['password', ...CLIENT_FIELDS]);
      return { userId: r.params.userId, password: str(b, 'password'), client: clientOf(r, b) };
    },
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/verification-email',
    operation: 'SendAuthVerificationEmail',
    result: 'sendAuthVerificationEmail',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['redirectUrl'], true);
      return { userId: r.params.userId, redirectUrl: b.redirectUrl ?? null };
    },
  },
  // Sessions
  {
    method: 'GET',
    path: '/auth/users/:userId/sessions',
    operation: 'ListAuthUserSessions',
    result: 'authUserSessions',
    query: { includeInactive: 'boolean' },
    rateLimit: READS,
  },
  {
    method: 'DELETE',
    path: '/auth/users/:userId/sessions',
    operation: 'RevokeAuthUserSessions',
    result: 'revokeAuthUserSessions',
    rateLimit: WRITES,
    variables: userClient,
  },
  {
    method: 'DELETE',
    path: '/auth/sessions/:sessionId',
    operation: 'RevokeAuthSession',
    result: 'revokeAuthSession',
    rateLimit: WRITES,
    variables: (r) => ({ sessionId: r.params.sessionId, client: clientOf(r) }),
  },
  {
    method: 'POST',
    path: '/auth/sessions/verify',
    operation: 'VerifyAuthSession',
    result: 'verifyAuthSession',
    rateLimit: READS,
    variables: (r) => ({ token: str(body(r, ['token']), 'token') }),
  },
  {
    method: 'POST',
    path: '/auth/sign-in',
    operation: 'SignInAuthUser',
    result: 'signInAuthUser',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['email', 'password', 'applicationId', ...CLIENT_FIELDS]);
      return { input: { ...withoutClient(b), ...clientOf(r, b) } };
    },
  },
  {
    method: 'POST',
    path: '/auth/sign-in/mfa',
    operation: 'CompleteAuthMfaSignIn',
    result: 'completeAuthMfaSignIn',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['mfaToken', 'code', 'recoveryCode', ...CLIENT_FIELDS]);
      return { input: { ...withoutClient(b), ...clientOf(r, b) } };
    },
  },
  {
    method: 'POST',
    path: '/auth/sign-out',
    operation: 'SignOutAuthSession',
    result: 'signOutAuthSession',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['token', ...CLIENT_FIELDS]);
      return { token: str(b, 'token'), client: clientOf(r, b) };
    },
  },
  // Email verification and password reset
  {
    method: 'POST',
    path: '/auth/verify-email',
    operation: 'VerifyAuthEmail',
    result: 'verifyAuthEmail',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['token', ...CLIENT_FIELDS]);
      return { token: str(b, 'token'), client: clientOf(r, b) };
    },
  },
  {
    method: 'POST',
    path: '/auth/password-reset',
    operation: 'RequestAuthPasswordReset',
    result: 'requestAuthPasswordReset',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['email', 'redirectUrl', ...CLIENT_FIELDS]);
      return { email: str(b, 'email'), redirectUrl: b.redirectUrl ?? null, client: clientOf(r, b) };
    },
  },
  {
    method: 'POST',
    path: '/auth/password-reset/confirm',
    operation: 'ResetAuthPassword',
    result: 'resetAuthPassword',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['token', 'password', ...CLIENT_FIELDS]);
      return { token: str(b, 'token'), password: str(b, 'password'), client: clientOf(r, b) };
    },
  },
  // MFA
  {
    method: 'GET',
    path: '/auth/users/:userId/mfa/factors',
    operation: 'ListAuthMfaFactors',
    result: 'authMfaFactors',
    rateLimit: READS,
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/mfa/totp/enroll',
    operation: 'EnrollAuthTotp',
    result: 'enrollAuthTotp',
    rateLimit: WRITES,
    ignoreBody: true,
    variables: (r) => ({ userId: r.params.userId }),
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/mfa/totp/verify',
    operation: 'VerifyAuthTotp',
    result: 'verifyAuthTotp',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['code', ...CLIENT_FIELDS]);
      return { userId: r.params.userId, code: str(b, 'code'), client: clientOf(r, b) };
    },
  },
  {
    method: 'DELETE',
    path: '/auth/users/:userId/mfa/factors/:factorId',
    operation: 'DeleteAuthMfaFactor',
    result: 'deleteAuthMfaFactor',
    rateLimit: WRITES,
    variables: (r) => ({ userId: r.params.userId, factorId: r.params.factorId, client: clientOf(r) }),
  },
  {
    method: 'POST',
    path: '/auth/users/:userId/mfa/recovery-codes',
    operation: 'GenerateAuthRecoveryCodes',
    result: 'generateAuthRecoveryCodes',
    rateLimit: WRITES,
    ignoreBody: true,
    variables: userClient,
  },
  // Policies and logs
  {
    method: 'GET',
    path: '/auth/security/password-policy',
    operation: 'GetAuthPasswordPolicy',
    result: 'authPasswordPolicy',
    rateLimit: READS,
  },
  {
    method: 'PATCH',
    path: '/auth/security/password-policy',
    operation: 'UpdateAuthPasswordPolicy',
    result: 'updateAuthPasswordPolicy',
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'GET',
    path: '/auth/security/session-policy',
    operation: 'GetAuthSessionPolicy',
    result: 'authSessionPolicy',
    rateLimit: READS,
  },
  {
    method: 'PATCH',
    path: '/auth/security/session-policy',
    operation: 'UpdateAuthSessionPolicy',
    result: 'updateAuthSessionPolicy',
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'GET',
    path: '/auth/logs',
    operation: 'ListAuthLogs',
    result: 'authLogs',
    list: true,
    rateLimit: READS,
    query: {
      ...PAGE_QUERY,
      startDate: 'string',
      endDate: 'string',
      eventTypes: 'string[]',
      'eventTypes[]': 'string[]',
      userId: 'string',
    },
    variables: (r) => {
      const { 'eventTypes[]': bracketed, ...rest } = r.query;
      return { ...rest, eventTypes: r.query.eventTypes ?? bracketed ?? null };
    },
  },
  // Applications
  {
    method: 'GET',
    path: '/auth/applications',
    operation: 'ListAuthApplications',
    result: 'authApplications',
    list: true,
    query: PAGE_QUERY,
    rateLimit: READS,
  },
  {
    method: 'POST',
    path: '/auth/applications',
    operation: 'CreateAuthApplication',
    result: 'createAuthApplication',
    status: 201,
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'GET',
    path: '/auth/applications/:applicationId',
    operation: 'GetAuthApplication',
    result: 'authApplication',
    rateLimit: READS,
  },
  {
    method: 'PATCH',
    path: '/auth/applications/:applicationId',
    operation: 'UpdateAuthApplication',
    result: 'updateAuthApplication',
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'DELETE',
    path: '/auth/applications/:applicationId',
    operation: 'DeleteAuthApplication',
    result: 'deleteAuthApplication',
    rateLimit: WRITES,
  },
  {
    method: 'POST',
    path: '/auth/applications/:applicationId/rotate-secret',
    operation: 'RotateAuthApplicationSecret',
    result: 'rotateAuthApplicationSecret',
    rateLimit: WRITES,
    ignoreBody: true,
    variables: (r) => ({ applicationId: r.params.applicationId }),
  },
  // SSO connections
  {
    method: 'GET',
    path: '/auth/connections',
    operation: 'ListAuthConnections',
    result: 'authConnections',
    list: true,
    query: PAGE_QUERY,
    rateLimit: READS,
  },
  {
    method: 'POST',
    path: '/auth/connections',
    operation: 'CreateAuthConnection',
    result: 'createAuthConnection',
    status: 201,
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'GET',
    path: '/auth/connections/lookup',
    operation: 'FindAuthConnectionForEmail',
    result: 'authConnectionForEmail',
    query: { email: 'string' },
    rateLimit: READS,
    variables: (r) => {
      if (typeof r.query.email !== 'string')
        throw new DomainError('INVALID_REQUEST', 'email is required', {
          field: 'email',
          received: null,
          expected: 'an email address',
        });
      return { email: r.query.email };
    },
  },
  {
    method: 'GET',
    path: '/auth/connections/:connectionId',
    operation: 'GetAuthConnection',
    result: 'authConnection',
    rateLimit: READS,
  },
  {
    method: 'PATCH',
    path: '/auth/connections/:connectionId',
    operation: 'UpdateAuthConnection',
    result: 'updateAuthConnection',
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'DELETE',
    path: '/auth/connections/:connectionId',
    operation: 'DeleteAuthConnection',
    result: 'deleteAuthConnection',
    rateLimit: WRITES,
  },
  {
    method: 'POST',
    path: '/auth/connections/:connectionId/test',
    operation: 'TestAuthConnection',
    result: 'testAuthConnection',
    rateLimit: WRITES,
    ignoreBody: true,
  },
  // SSO and hosted sign-in: the code the redirect URI received becomes a session (the browser paths are the module's own)
  {
    method: 'POST',
    path: '/auth/sso/token',
    operation: 'RedeemAuthSignInCode',
    result: 'redeemAuthSignInCode',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['code', 'applicationId', ...CLIENT_FIELDS]);
      return {
        code: str(b, 'code'),
        applicationId: typeof b.applicationId === 'string' ? b.applicationId : null,
        client: clientOf(r, b),
      };
    },
  },
  // Organizations, members, invitations
  {
    method: 'GET',
    path: '/auth/organizations',
    operation: 'ListAuthOrganizations',
    result: 'authOrganizations',
    list: true,
    query: PAGE_QUERY,
    rateLimit: READS,
  },
  {
    method: 'POST',
    path: '/auth/organizations',
    operation: 'CreateAuthOrganization',
    result: 'createAuthOrganization',
    status: 201,
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'POST',
    path: '/auth/invitations/accept',
    operation: 'AcceptAuthInvitation',
    result: 'acceptAuthInvitation',
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['token', 'password']);
      return { token: str(b, 'token'), password: b.password ?? null };
    },
  },
  {
    method: 'GET',
    path: '/auth/organizations/:organizationId',
    operation: 'GetAuthOrganization',
    result: 'authOrganization',
    rateLimit: READS,
  },
  {
    method: 'PATCH',
    path: '/auth/organizations/:organizationId',
    operation: 'UpdateAuthOrganization',
    result: 'updateAuthOrganization',
    rateLimit: WRITES,
    bodyVariable: 'input',
  },
  {
    method: 'DELETE',
    path: '/auth/organizations/:organizationId',
    operation: 'DeleteAuthOrganization',
    result: 'deleteAuthOrganization',
    rateLimit: WRITES,
  },
  {
    method: 'GET',
    path: '/auth/organizations/:organizationId/members',
    operation: 'ListAuthOrganizationMembers',
    result: 'authOrganizationMembers',
    list: true,
    query: PAGE_QUERY,
    rateLimit: READS,
  },
  {
    method: 'POST',
    path: '/auth/organizations/:organizationId/members',
    operation: 'AddAuthOrganizationMember',
    result: 'addAuthOrganizationMember',
    status: 201,
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['userId', 'role']);
      return { organizationId: r.params.organizationId, userId: b.userId ?? null, role: b.role ?? null };
    },
  },
  {
    method: 'DELETE',
    path: '/auth/organizations/:organizationId/members/:userId',
    operation: 'RemoveAuthOrganizationMember',
    result: 'removeAuthOrganizationMember',
    rateLimit: WRITES,
  },
  {
    method: 'POST',
    path: '/auth/organizations/:organizationId/invitations',
    operation: 'InviteAuthOrganizationMember',
    result: 'inviteAuthOrganizationMember',
    status: 201,
    rateLimit: WRITES,
    variables: (r) => {
      const b = body(r, ['email', 'role', 'redirectUrl']);
      return {
        organizationId: r.params.organizationId,
        email: b.email ?? null,
        role: b.role ?? null,
        redirectUrl: b.redirectUrl ?? null,
      };
    },
  },
];

/** Auth's documented paths, plus the flows of the README's Auth section (sign-in, verification, reset). Platform envelope. */
export const authRoutes: ModuleRoutes = {
  module: 'auth',
  prefix: '/auth',
  envelope: 'platform',
  routes: [...own, ...webhookRouteSpecs({ namespace: 'auth', path: '/auth/webhooks' })],
};
