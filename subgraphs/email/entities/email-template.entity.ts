import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** A reusable message, as Postmark has them: subject, HTML and text bodies with {{variables}}. */
@ObjectType()
@Entity({ schema: 'email', tableName: 'templates' })
@Unique({ properties: ['organizationId', 'alias'] })
export class EmailTemplate extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'active';

  @Field(() => ID)
  @PrimaryKey({ type: 'text' })
  id!: string;

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
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
