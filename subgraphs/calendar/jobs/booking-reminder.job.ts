import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { Booking } from '../entities/booking.entity.js';
import { bookingEventData } from '../bookings/booking-view.js';
import { BOOKING_REMINDER_JOB, type ReminderJobData } from '../bookings/booking-reminders.js';

/** Fires `booking.reminder` when a CONFIRMED booking still starts when the job was made for. */
export function bookingReminderJob(_deps: CalendarDeps): JobDefinition<ReminderJobData> {
  return {
    name: BOOKING_REMINDER_JOB,
    handler: async (data, { em, logger }) => {
      await em.transactional(async (tx) => {
        const booking = await tx.findOne(Booking, { uid: data.bookingUid });
        if (!booking || booking.status !== 'CONFIRMED' || booking.startTime.toISOString() !== data.startTime) {
          logger.debug('stale booking reminder skipped', { uid: data.bookingUid });
          return;
        }
        await emitEvent(tx, 'booking.reminder', { ...bookingEventData(booking), minutesBefore: data.minutesBefore });
      });
    },
  };
}
