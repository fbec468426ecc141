import { Entity, Enum, OptionalProps, Property } from '@mikro-orm/core';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { UserStatus } from './user-status.js';

@ObjectType('AuthUserProfile')
export class UserProfile {
  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;
}

/** An end user of a customer's application. A federation entity: other modules reference it by id (calendar hosts). */
@ObjectType('User')
@Directive('@key(fields: "id")')
@Entity({ schema: 'auth', tableName: 'users' })
export class User extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'emailVerified' | 'profile' | 'metadata' | 'failedAttempts';

  @Field(() => ID, { description: 'user_…' })
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  email!: string;

  @Field()
  @Property({ type: 'boolean' })
  emailVerified: boolean = false;

  @Field(() => UserStatus)
  @Enum({ items: () => UserStatus, type: 'text' })
  status!: UserStatus;

  @Property({ type: 'text', nullable: true })
  passwordHash?: string | null;

  @Field(() => UserProfile)
  @Property({ type: 'json' })
  profile: UserProfile = {};

  @Field(() => JSONObject)
  @Property({ type: 'json' })
  metadata: Record<string, unknown> = {};

  @Property({ type: 'int' })
  failedAttempts: number = 0;

  @Field(() => Date, { nullable: true, description: 'Set while the account is locked after failed sign-ins' })
  @Property({ type: 'timestamptz', nullable: true })
  lockedUntil?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  lastSignInAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  passwordChangedAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  blockedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'The SSO connection the user signs in with (conn_…), once linked by a first SSO sign-in',
  })
  @Property({ type: 'text', nullable: true })
  ssoConnectionId?: string | null;

  /** The identity provider's id of the user (OIDC `sub`, SAML NameID): SSO identities are keyed by it, not by email. */
  @Property({ type: 'text', nullable: true })
  ssoSubject?: string | null;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
