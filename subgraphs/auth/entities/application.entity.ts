import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** A customer's client application. Confidential types (WEB, M2M) get a secret, shown once, kept as SHA-256. */
@ObjectType('AuthApplication')
@Entity({ schema: 'auth', tableName: 'applications' })
export class Application extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'app_…' })
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  name!: string;

  @Field({ description: 'SPA, WEB, NATIVE or M2M' })
  @Property({ type: 'text' })
  type!: string;

  @Field(() => [String])
  @Property({ type: 'text[]' })
  redirectUris: string[] = [];

  @Field(() => [String])
  @Property({ type: 'text[]' })
  allowedOrigins: string[] = [];

  @Field(() => [String])
  @Property({ type: 'text[]' })
  grantTypes: string[] = [];

  @Field()
  @Property({ type: 'text' })
  clientId!: string;

  @Property({ type: 'bytea', nullable: true })
  secretHash?: Buffer | null;

  @Field(() => String, { nullable: true, description: 'Last four characters of the secret, to recognise it' })
  @Property({ type: 'text', nullable: true })
  secretLast4?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The client secret: only in the answers of create and rotate-secret',
  })
  clientSecret?: string | null;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
