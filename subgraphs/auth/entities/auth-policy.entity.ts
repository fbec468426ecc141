import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { PasswordPolicy, SessionPolicy } from '../security/policy-defaults.js';

// Not a tenant row base: one row per organization, keyed by organization_id itself.
/** The organization's password and session policies; a missing row means the defaults. */
@Entity({ schema: 'auth', tableName: 'policies' })
export class AuthPolicy {
  @PrimaryKey({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'json' })
  password: Partial<PasswordPolicy> = {};

  @Property({ type: 'json' })
  session: Partial<SessionPolicy> = {};

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
