import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { WeeklyRule } from '../availability/schedule-rules.js';

/** A host's working hours in one IANA zone; at most one default per host (partial unique index). */
@Entity({ schema: 'calendar', tableName: 'schedules' })
export class Schedule extends TenantEntity {
  [OptionalProps]?: 'isDefault' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  /** An auth user id (`user_…`), taken as given: calendar cannot read auth's tables. */
  @Property({ type: 'text' })
  hostId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  timezone!: string;

  @Property({ type: 'boolean' })
  isDefault: boolean = false;

  @Property({ type: 'jsonb' })
  availability!: WeeklyRule[];

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
