import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { CalendarDeps } from '../calendar-deps.js';
import type { Booking } from '../entities/booking.entity.js';
import { buildIcs } from './ics.js';
import { bookingLinkPageUrl } from '../public/booking-link-token.js';

type Notice = 'confirmation' | 'request' | 'reschedule' | 'cancellation' | 'rejection';

const SUBJECT: Record<Notice, string> = {
  confirmation: 'Confirmed',
  request: 'Booking request received',
  reschedule: 'Rescheduled',
  cancellation: 'Cancelled',
  rejection: 'Declined',
};

/**
 * Emails about a booking to its attendee (and, on request, its host) through the platform's system-email port: the
 * email module queues them in the caller's transaction, so they go out only if the change commits. Confirmations
 * and reschedules carry an invite (`invite.ics`, METHOD:REQUEST), cancellations and rejections a METHOD:CANCEL.
 */
export class BookingNotifier {
  constructor(private readonly deps: CalendarDeps) {}

  async notify(
    tx: EntityManager,
    booking: Booking,
    notice: Notice,
    options: { to?: 'attendee' | 'host'; reason?: string | null } = {},
  ): Promise<void> {
    const sender = this.deps.ports().systemEmail;
    if (!sender) {
      this.deps.logger.warn('booking email not sent: the email module is not served by this process', {
        uid: booking.uid,
        notice,
      });
      return;
    }
    const toHost = options.to === 'host';
    const to = toHost ? booking.hostEmail : booking.attendeeEmail;
    if (!to) return;
    const zone = toHost ? 'UTC' : booking.attendeeTimezone;
    const when = DateTime.fromJSDate(booking.startTime, { zone }).toFormat('cccc d LLLL yyyy, HH:mm') + ` (${zone})`;
    const withWhom = toHost ? booking.attendeeName : (booking.hostName ?? 'your host');
    const subject = `${SUBJECT[notice]}: ${booking.title} with ${withWhom} on ${when}`;
    const lines = [
      `${SUBJECT[notice]}: ${booking.title}`,
      `When: ${when}`,
      `With: ${withWhom}`,
      booking.meetingUrl ? `Where: ${booking.meetingUrl}` : null,
      options.reason ? `Reason: ${options.reason}` : null,
      notice === 'request' ? 'The host will confirm or decline this request; you will get another email then.' : null,
      `Booking: ${booking.uid}`,
      // The attendee's own links to move or cancel, signed for this booking (the booking page's link pages).
      ...(!toHost && (notice === 'confirmation' || notice === 'request' || notice === 'reschedule')
        ? (['reschedule', 'cancel'] as const).map(
            (action) =>
              `${action === 'cancel' ? 'Cancel' : 'Reschedule'}: ${bookingLinkPageUrl(this.deps.config.publicUrl, this.deps.config.internalSecret, booking.uid, action)}`,
          )
        : []),
    ].filter((l): l is string => l !== null);
    const method =
      notice === 'cancellation' || notice === 'rejection' ? 'CANCEL' : notice === 'request' ? null : 'REQUEST';
    await sender.send(tx, {
      organizationId: booking.organizationId,
      to,
      subject,
      text: lines.join('\n'),
      kind: `booking.${notice}`,
      attachments: method
        ? [
            {
              filename: 'invite.ics',
              content: Buffer.from(this.invite(booking, method)).toString('base64'),
              contentType: 'text/calendar',
            },
          ]
        : undefined,
    });
  }

  /** The iCalendar invite of a booking, as the emails attach it (and the booking page offers it). */
  invite(b: Booking, method: 'REQUEST' | 'CANCEL'): string {
    return buildIcs({
      uid: b.uid,
      domain: new URL(this.deps.config.publicUrl).hostname,
      method,
      sequence: b.rescheduleCount + (method === 'CANCEL' ? 1 : 0),
      start: b.startTime,
      end: b.endTime,
      stamp: this.deps.clock.now(),
      summary: b.title,
      description: b.notes,
      location: b.meetingUrl ?? b.location.address ?? b.location.phone ?? null,
      url: b.meetingUrl,
      organizer: b.hostEmail ? { name: b.hostName, email: b.hostEmail } : null,
      attendee: { name: b.attendeeName, email: b.attendeeEmail },
    });
  }
}
