import { Entity, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** A reusable message, as Postmark has them: subject, HTML and text bodies with {{variables}}. */
@ObjectType()
@Entity({ schema: 'email', tableName: 'templates' })
@Unique({ properties: ['organizationId', 'alias'] })
export class EmailTemplate extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'active';

  @Field(() => ID)
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Unique per organization; usable as templateId when sending' })
  @Property({ type: 'text', nullable: true })
  alias?: string | null;

  @Field()
  @Property({ type: 'text' })
  subject!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  htmlBody?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  textBody?: string | null;

  @Field()
  @Property({ type: 'boolean' })
  active: boolean = true;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
