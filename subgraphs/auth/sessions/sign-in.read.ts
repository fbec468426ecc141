import type { EntityManager } from '@mikro-orm/postgresql';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { User } from '../entities/user.entity.js';
import {
  PASSWORD_POLICY_DEFAULTS,
  SESSION_POLICY_DEFAULTS,
  type PasswordPolicy,
  type SessionPolicy,
} from '../security/policy-defaults.js';

/** What a password sign-in needs to know before its hash starts. */
export interface SignInFacts {
  /** The user of the address (not deleted), or null; a managed entity of `em`. */
  user: User | null;
  password: PasswordPolicy;
  session: SessionPolicy;
  /** The user has a verified second factor. */
  hasFactor: boolean;
  /** The applicationId given is one of the organization's applications (true when none was given). */
  applicationFound: boolean;
}

interface Row extends Record<string, unknown> {
  policy_password: Partial<PasswordPolicy> | null;
  policy_session: Partial<SessionPolicy> | null;
  has_factor: boolean;
  application_found: boolean;
}

/**
 * The user of the address, both policies, whether the user has a verified factor and whether the application exists,
 * in one statement: the hash can start after one round trip instead of three. A missing user still answers one row
 * (its columns null), so an unknown address costs what a known one does.
 */
export async function readSignIn(em: EntityManager, email: string, applicationId: string | null): Promise<SignInFacts> {
  const [row] = await tenantSql(em).rowsBound<Row>(
    sql`
    select u.*, p.password as policy_password, p.session as policy_session,
      exists (select 1 from auth.mfa_factors f where f.organization_id = ${ORG} and f.user_id = u.id and f.status = 'VERIFIED') as has_factor,
      (${applicationId}::text is null or exists (select 1 from auth.applications a where a.organization_id = ${ORG} and a.id = ${applicationId}::text)) as application_found
    from (select 1) as one
    left join auth.users u on u.organization_id = ${ORG} and u.email = ${email} and u.deleted_at is null
    left join auth.policies p on p.organization_id = ${ORG}`,
    'auth.sign-in.read',
  );
  const { policy_password, policy_session, has_factor, application_found, ...user } = row!;
  return {
    user: user.id ? em.map(User, user) : null,
    password: { ...PASSWORD_POLICY_DEFAULTS, ...policy_password },
    session: { ...SESSION_POLICY_DEFAULTS, ...policy_session },
    hasFactor: has_factor,
    applicationFound: application_found,
  };
}
