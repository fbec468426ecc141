import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** An emailed invitation to join an auth organization; its token (in the email) accepts it once. */
@ObjectType('AuthInvitation')
@Entity({ schema: 'auth', tableName: 'invitations' })
export class Invitation extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID, { description: 'inv_…' })
  override id!: string;

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
  override createdAt!: Date;
}
