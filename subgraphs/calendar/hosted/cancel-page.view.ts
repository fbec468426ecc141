import { DateTime } from 'luxon';
import { html } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';

/** The booking as the signed link's operation gives it. */
export interface LinkedBooking {
  uid: string;
  status: string;
  title: string;
  startTime: string;
  timeZone: string;
}

/** The booked time in the attendee's own zone, as their emails say it. */
export function bookedTime(booking: LinkedBooking): string {
  return `${DateTime.fromISO(booking.startTime, { zone: booking.timeZone }).toFormat('cccc d LLLL yyyy, HH:mm')} (${booking.timeZone.replace(/_/g, ' ')})`;
}

/** Asks before cancelling: a plain form, no script needed. */
export function cancelPage(
  booking: LinkedBooking,
  token: string,
  csrf: string,
  problem: string | null = null,
): PageOptions {
  const active = booking.status === 'CONFIRMED' || booking.status === 'PENDING';
  const body = html`<h1>Cancel your booking</h1>
<p><strong>${booking.title}</strong></p>
<p>${bookedTime(booking)}</p>
${problem ? html`<p class="notice error" role="alert">${problem}</p>` : ''}
${
  active
    ? html`<form method="post" action="/book/bookings/${booking.uid}/cancel">
<input type="hidden" name="token" value="${token}">
<input type="hidden" name="_csrf" value="${csrf}">
<label for="reason">Reason (optional)</label>
<textarea id="reason" name="reason" maxlength="1000"></textarea>
<p><button type="submit">Cancel booking</button></p>
</form>`
    : html`<p role="status">This booking is ${booking.status.toLowerCase()}; there is nothing to cancel.</p>`
}`;
  return { title: `Cancel: ${booking.title}`, body };
}

export function cancelledPage(booking: LinkedBooking): PageOptions {
  const body = html`<h1>Booking cancelled</h1><p><strong>${booking.title}</strong></p><p>${bookedTime(booking)}</p><p role="status">The host has been told. You will get an email too.</p>`;
  return { title: `Cancelled: ${booking.title}`, body };
}
