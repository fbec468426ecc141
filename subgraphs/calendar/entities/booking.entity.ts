import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { BookingStatus } from './booking-status.js';
import type { EventLocation } from './event-type.entity.js';

// Not a TimestampedTenantRow: keyed by the spec's `uid`, not `id`.
/**
 * A booking. `blockedStart`/`blockedEnd` is the interval with this booking's buffers: the exclusion constraint
 * refuses two active bookings of one host whose blocked intervals overlap.
 */
@Entity({ schema: 'calendar', tableName: 'bookings' })
export class Booking extends TenantEntity {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'cancellationReason'
    | 'cancelledBy'
    | 'rejectionReason'
    | 'rescheduleReason'
    | 'rescheduleCount'
    | 'notes';

  @PrimaryKey({ type: 'text' })
  uid!: string;

  @Property({ type: 'text' })
  eventTypeId!: string;

  @Property({ type: 'text' })
  hostId!: string;

  @Property({ type: 'text', nullable: true })
  hostName!: string | null;

  @Property({ type: 'text', nullable: true })
  hostEmail!: string | null;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  status!: BookingStatus;

  @Property({ type: 'timestamptz' })
  startTime!: Date;

  @Property({ type: 'timestamptz' })
  endTime!: Date;

  @Property({ type: 'timestamptz' })
  blockedStart!: Date;

  @Property({ type: 'timestamptz' })
  blockedEnd!: Date;

  @Property({ type: 'integer' })
  bufferBefore!: number;

  @Property({ type: 'integer' })
  bufferAfter!: number;

  @Property({ type: 'text' })
  attendeeName!: string;

  /** Lower-cased: bookings are found by attendee email (CRM contacts). */
  @Property({ type: 'text' })
  attendeeEmail!: string;

  @Property({ type: 'text' })
  attendeeTimezone!: string;

  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  @Property({ type: 'jsonb' })
  responses!: Record<string, unknown>;

  @Property({ type: 'jsonb' })
  metadata!: Record<string, unknown>;

  @Property({ type: 'jsonb' })
  location!: EventLocation;

  @Property({ type: 'text', nullable: true })
  meetingUrl!: string | null;

  @Property({ type: 'text', nullable: true })
  cancellationReason: string | null = null;

  @Property({ type: 'text', nullable: true })
  cancelledBy: string | null = null;

  @Property({ type: 'text', nullable: true })
  rejectionReason: string | null = null;

  @Property({ type: 'text', nullable: true })
  rescheduleReason: string | null = null;

  /** Also the iCalendar SEQUENCE of the invite. */
  @Property({ type: 'integer' })
  rescheduleCount: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
