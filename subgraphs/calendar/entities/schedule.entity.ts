import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import type { WeeklyRule } from '../availability/schedule-rules.js';

/** A host's working hours in one IANA zone; at most one default per host (partial unique index). */
@Entity({ schema: 'calendar', tableName: 'schedules' })
export class Schedule extends TimestampedTenantRow {
  [OptionalProps]?: 'isDefault' | 'createdAt' | 'updatedAt';

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
}
