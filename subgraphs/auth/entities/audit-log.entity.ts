import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';

// Not a TenantRow: createdAt is the audited moment, always given by the writer (no default).
/** One append-only audit entry: a sign-in, a failure, a block, an MFA or password change, with IP and user agent. */
@ObjectType('AuthLogEntry')
@Entity({ schema: 'auth', tableName: 'audit_logs' })
export class AuditLog extends TenantEntity {
  @Field(() => ID, { description: 'log_…' })
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Field({ description: 'e.g. login.success, login.failed, user.blocked, mfa.enrolled, password.changed' })
  @Property({ type: 'text' })
  type!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  userId?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  ip?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  @Field(() => JSONObject)
  @Property({ type: 'json' })
  data: Record<string, unknown> = {};

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
