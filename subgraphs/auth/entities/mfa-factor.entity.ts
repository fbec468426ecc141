import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** A TOTP factor: PENDING after enrolment, VERIFIED once a code was accepted. The secret is sealed at rest. */
@ObjectType('AuthMfaFactor')
@Entity({ schema: 'auth', tableName: 'mfa_factors' })
export class MfaFactor extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'failedAttempts';

  @Field(() => ID, { description: 'mfa_…' })
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  userId!: string;

  @Field({ description: 'TOTP' })
  @Property({ type: 'text' })
  type!: 'TOTP';

  @Field({ description: 'PENDING or VERIFIED' })
  @Property({ type: 'text' })
  status!: 'PENDING' | 'VERIFIED';

  @Property({ type: 'text' })
  secretSealed!: string;

  /** The last accepted time step: a code of that step or an earlier one is refused (no replay). */
  @Property({ type: 'bigint', nullable: true })
  lastUsedStep?: string | null;

  /** Consecutive wrong codes given to the verify endpoint; at the limit it stops checking this factor. */
  @Property({ type: 'int' })
  failedAttempts: number = 0;

  @Field()
  override createdAt!: Date;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  verifiedAt?: Date | null;
}
