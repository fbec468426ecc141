import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** A signed-in user. The token is `<id>.<secret>`; only SHA-256 of the secret is kept. */
@ObjectType('AuthSession')
@Entity({ schema: 'auth', tableName: 'sessions' })
export class Session extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'mfaVerified';

  @Field(() => ID, { description: 'sess_…' })
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'bytea' })
  secretHash!: Buffer;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  applicationId?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  ip?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  @Field({ description: 'A second factor was checked when it was created' })
  @Property({ type: 'boolean' })
  mfaVerified: boolean = false;

  @Field()
  override createdAt!: Date;

  @Field()
  @Property({ type: 'timestamptz' })
  lastActiveAt!: Date;

  @Field()
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
