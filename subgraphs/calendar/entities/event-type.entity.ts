import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** Where a meeting happens; `VIDEO` gets a room URL per booking. */
export const LOCATION_TYPES = ['VIDEO', 'LINK', 'PHONE', 'IN_PERSON'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export interface EventLocation {
  type: LocationType;
  /** LINK: the fixed meeting URL. */
  url?: string;
  /** PHONE: the number to call. */
  phone?: string;
  /** IN_PERSON: the address. */
  address?: string;
}

/** What a booking question asks for; SELECT, MULTISELECT and RADIO choose among `options`, CHECKBOX is one yes/no box. */
export const BOOKING_QUESTION_TYPES = [
  'TEXT',
  'TEXTAREA',
  'EMAIL',
  'PHONE',
  'NUMBER',
  'SELECT',
  'MULTISELECT',
  'CHECKBOX',
  'RADIO',
] as const;
export type BookingQuestionType = (typeof BOOKING_QUESTION_TYPES)[number];
export const CHOICE_QUESTION_TYPES: readonly BookingQuestionType[] = ['SELECT', 'MULTISELECT', 'RADIO'];

/** One question the booker answers; its answer is `responses[name]` of the booking. */
export interface BookingQuestion {
  name: string;
  label: string;
  type: BookingQuestionType;
  required: boolean;
  /** Choice types only. */
  options: string[];
  placeholder: string | null;
}

/** A bookable kind of meeting of one host. Every length is in minutes. */
@Entity({ schema: 'calendar', tableName: 'event_types' })
export class EventType extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'deletedAt' | 'public' | 'bookingQuestions';

  @Property({ type: 'text' })
  hostId!: string;

  @Property({ type: 'text', nullable: true })
  hostName!: string | null;

  @Property({ type: 'text', nullable: true })
  hostEmail!: string | null;

  @Property({ type: 'text' })
  title!: string;

  /** Unique per host among event types not deleted. */
  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text', nullable: true })
  description!: string | null;

  @Property({ type: 'integer' })
  duration!: number;

  /** Lengths a booker may pick (`duration` is the default among them); empty: only `duration`. */
  @Property({ type: 'jsonb' })
  durations!: number[];

  @Property({ type: 'jsonb' })
  location!: EventLocation;

  /** Null: the host's default schedule. */
  @Property({ type: 'text', nullable: true })
  scheduleId!: string | null;

  @Property({ type: 'integer' })
  bufferBefore!: number;

  @Property({ type: 'integer' })
  bufferAfter!: number;

  @Property({ type: 'integer' })
  minimumNotice!: number;

  /** Null: no limit. */
  @Property({ type: 'integer', nullable: true })
  maximumAdvance!: number | null;

  @Property({ type: 'boolean' })
  requiresConfirmation!: boolean;

  /** Bookings of this type per local day of the schedule; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  dailyLimit!: number | null;

  /** Step between offered start times; null: the duration. */
  @Property({ type: 'integer', nullable: true })
  slotInterval!: number | null;

  @Property({ type: 'boolean' })
  active!: boolean;

  /** Bookable by anyone through the public booking page; its slug is then unique in the organization. */
  @Property({ type: 'boolean', default: false })
  public: boolean = false;

  /** Minutes before the start at which `booking.reminder` fires, one per entry. */
  @Property({ type: 'jsonb' })
  reminderOffsets!: number[];

  /** Asked on booking, in this order; empty: `responses` stay free-form. */
  @Property({ type: 'jsonb', default: '[]' })
  bookingQuestions: BookingQuestion[] = [];

  /** DELETE is soft: bookings keep their event type. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;
}
