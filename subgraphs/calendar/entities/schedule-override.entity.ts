import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** One date of a schedule with other hours (or none): it replaces that day's weekly hours. */
@Entity({ schema: 'calendar', tableName: 'schedule_overrides' })
export class ScheduleOverride extends TenantRow {
  [OptionalProps]?: 'reason' | 'startTime' | 'endTime' | 'createdAt';

  @Property({ type: 'text' })
  scheduleId!: string;

  /** YYYY-MM-DD in the schedule's zone. */
  @Property({ type: 'text' })
  date!: string;

  @Property({ type: 'boolean' })
  isAvailable!: boolean;

  @Property({ type: 'text', nullable: true })
  startTime: string | null = null;

  @Property({ type: 'text', nullable: true })
  endTime: string | null = null;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;
}
