import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** An emailed invitation to join an auth organization; its token (in the email) accepts it once. */
@ObjectType('AuthInvitation')
@Entity({ schema: 'auth', tableName: 'invitations' })
export class Invitation extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID, { description: 'inv_…' })
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Field({ name: 'organizationId' })
  @Property({ type: 'text' })
  authOrganizationId!: string;

  @Field()
  @Property({ type: 'text' })
  email!: string;

  @Field()
  @Property({ type: 'text' })
  role!: string;

  @Field({ description: 'PENDING or ACCEPTED' })
  @Property({ type: 'text' })
  status!: 'PENDING' | 'ACCEPTED';

  @Property({ type: 'text', nullable: true })
  tokenId?: string | null;

  @Field()
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  acceptedAt?: Date | null;

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
