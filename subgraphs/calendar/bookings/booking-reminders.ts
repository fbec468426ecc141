import type { EntityManager } from '@mikro-orm/postgresql';
import type { CalendarDeps } from '../calendar-deps.js';
import type { Booking } from '../entities/booking.entity.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export const BOOKING_REMINDER_JOB = 'calendar.booking-reminder';

/** What a reminder job carries: `startTime` lets a stale job (the booking moved) recognise itself. */
export interface ReminderJobData {
  organizationId: string;
  bookingUid: string;
  minutesBefore: number;
  startTime: string;
}

const MINUTE = 60_000;

/**
 * Reminder jobs of a booking: one Agenda job per offset of its event type, due at start − offset, written in the
 * booking's transaction. A reschedule replaces them and a cancel removes them (same transaction); the handler
 * also re-checks the booking, so a job that ran before its removal committed does nothing.
 */
export class BookingReminders {
  constructor(private readonly deps: CalendarDeps) {}

  async schedule(tx: EntityManager, booking: Booking, offsets: number[]): Promise<void> {
    const now = this.deps.clock.now().getTime();
    for (const minutesBefore of offsets) {
      const due = new Date(booking.startTime.getTime() - minutesBefore * MINUTE);
      if (due.getTime() <= now) continue; // booked inside the reminder window: that reminder has nothing left to remind of
      const data: ReminderJobData = {
        organizationId: booking.organizationId,
        bookingUid: booking.uid,
        minutesBefore,
        startTime: booking.startTime.toISOString(),
      };
      await this.deps.jobs.enqueue(tx, BOOKING_REMINDER_JOB, data, this.deps.clock.wallTimeOf(due));
    }
  }

  /** Removes the booking's pending reminder jobs (in the caller's transaction). */
  async remove(tx: EntityManager, bookingUid: string): Promise<void> {
    await tenantSql(tx).run(
      sql`delete from agenda_jobs where name = ${BOOKING_REMINDER_JOB} and data->>'organizationId' = ${ORG} and data->>'bookingUid' = ${bookingUid} and locked_at is null`,
    );
  }

  async reschedule(tx: EntityManager, booking: Booking, offsets: number[]): Promise<void> {
    await this.remove(tx, booking.uid);
    await this.schedule(tx, booking, offsets);
  }
}
