import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** One date of a schedule with other hours (or none): it replaces that day's weekly hours. */
@Entity({ schema: 'calendar', tableName: 'schedule_overrides' })
export class ScheduleOverride extends TenantEntity {
  [OptionalProps]?: 'reason' | 'startTime' | 'endTime' | 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

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

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
