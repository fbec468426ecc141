import type { Booking } from '../entities/booking.entity.js';
import type { BookingView } from './booking.types.js';

/** The booking result; the URLs are the API paths that act on it. */
export function bookingView(b: Booking, publicUrl: string): BookingView {
  return {
    uid: b.uid,
    eventTypeId: b.eventTypeId,
    title: b.title,
    status: b.status,
    startTime: b.startTime,
    endTime: b.endTime,
    attendee: { name: b.attendeeName, email: b.attendeeEmail, timezone: b.attendeeTimezone },
    host: { id: b.hostId },
    hostProfile: { id: b.hostId, name: b.hostName, email: b.hostEmail },
    location: b.location,
    meetingUrl: b.meetingUrl,
    rescheduleUrl: `${publicUrl}/calendar/bookings/${b.uid}/reschedule`,
    cancelUrl: `${publicUrl}/calendar/bookings/${b.uid}/cancel`,
    notes: b.notes,
    responses: b.responses,
    metadata: b.metadata,
    cancellationReason: b.cancellationReason,
    cancelledBy: b.cancelledBy,
    rejectionReason: b.rejectionReason,
    rescheduleReason: b.rescheduleReason,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** What booking events carry: the booking as a plain JSON object (no URLs: they need no event). */
export function bookingEventData(b: Booking): Record<string, unknown> {
  return {
    uid: b.uid,
    eventTypeId: b.eventTypeId,
    title: b.title,
    status: b.status,
    startTime: b.startTime.toISOString(),
    endTime: b.endTime.toISOString(),
    attendee: { name: b.attendeeName, email: b.attendeeEmail, timezone: b.attendeeTimezone },
    host: { id: b.hostId, name: b.hostName, email: b.hostEmail },
    location: b.location,
    meetingUrl: b.meetingUrl,
  };
}
