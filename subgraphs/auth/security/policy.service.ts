import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { AuthPolicy } from '../entities/auth-policy.entity.js';
import {
  PASSWORD_POLICY_DEFAULTS,
  SESSION_POLICY_DEFAULTS,
  type PasswordPolicy,
  type SessionPolicy,
} from './policy-defaults.js';

const PASSWORD_RANGES: Partial<Record<keyof PasswordPolicy, [number, number]>> = {
  minLength: [1, 128],
  maxLength: [8, 1024],
  lockoutThreshold: [0, 100],
  lockoutDurationMinutes: [1, 10_080],
};
const SESSION_RANGES: Partial<Record<keyof SessionPolicy, [number, number]>> = {
  lifetimeMinutes: [5, 525_600],
  idleTimeoutMinutes: [0, 525_600],
  maxSessionsPerUser: [0, 1000],
};

/** The organization's password and session policies: stored overrides over the defaults. */
export class PolicyService {
  async passwordPolicy(em: EntityManager): Promise<PasswordPolicy> {
    return { ...PASSWORD_POLICY_DEFAULTS, ...(await this.row(em))?.password };
  }

  async sessionPolicy(em: EntityManager): Promise<SessionPolicy> {
    return { ...SESSION_POLICY_DEFAULTS, ...(await this.row(em))?.session };
  }

  /** Both policies from one read (a sign-in needs both; each getter alone costs a round trip). */
  async policies(em: EntityManager): Promise<{ password: PasswordPolicy; session: SessionPolicy }> {
    const row = await this.row(em);
    return {
      password: { ...PASSWORD_POLICY_DEFAULTS, ...row?.password },
      session: { ...SESSION_POLICY_DEFAULTS, ...row?.session },
    };
  }

  async updatePasswordPolicy(em: EntityManager, patch: Partial<PasswordPolicy>): Promise<PasswordPolicy> {
    const next = { ...(await this.passwordPolicy(em)), ...given(patch) };
    checkRanges(next, PASSWORD_RANGES);
    if (next.minLength > next.maxLength)
      throw invalid('minLength', next.minLength, `at most maxLength (${next.maxLength})`);
    await this.save(em, { password: next });
    return next;
  }

  async updateSessionPolicy(em: EntityManager, patch: Partial<SessionPolicy>): Promise<SessionPolicy> {
    const next = { ...(await this.sessionPolicy(em)), ...given(patch) };
    checkRanges(next, SESSION_RANGES);
    await this.save(em, { session: next });
    return next;
  }

  private row(em: EntityManager) {
    return em.findOne(AuthPolicy, { organizationId: tenantOf(em) });
  }

  private async save(em: EntityManager, change: Partial<Pick<AuthPolicy, 'password' | 'session'>>) {
    const organizationId = tenantOf(em);
    const row =
      (await this.row(em)) ??
      em.create(AuthPolicy, { organizationId, password: {}, session: {}, updatedAt: new Date() });
    em.assign(row, { ...change, updatedAt: new Date() });
    await em.flush();
  }
}

const given = <T extends object>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

function checkRanges<T extends object>(policy: T, ranges: Partial<Record<keyof T, [number, number]>>) {
  for (const [field, range] of Object.entries(ranges) as [string, [number, number]][]) {
    const value = (policy as Record<string, number>)[field]!;
    if (!Number.isInteger(value) || value < range[0] || value > range[1])
      throw invalid(field, value, `${range[0]}..${range[1]}`);
  }
}
