import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: the table has no created_at.
/** Per-organization SMS switches; no row means the defaults (enabled, default pool approvals). */
@ObjectType()
@Entity({ schema: 'sms', tableName: 'settings' })
@Unique({ properties: ['organizationId'] })
export class SmsSettings extends TenantEntity {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Field()
  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Field(() => [Int], { description: 'Pool templates approved beyond the default ones (e.g. 6, promotion)' })
  @Property({ type: 'int[]' })
  approvedPoolTemplateIds: number[] = [];

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
