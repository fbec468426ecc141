import { html } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';
import { BOOKING_PAGE_CSS } from './booking-page.css.js';
import { bookedTime, type LinkedBooking } from './cancel-page.view.js';
import { SLOT_PICKER_SCRIPT, slotPicker, slotPickerData, type SlotPickerData } from './slot-picker.view.js';

/**
 * Moves a booking: the current time, then the booking page's slot picker on the signed link's JSON (the event type's
 * free slots at the booking's length), posting the picked start to the reschedule route.
 */
export function reschedulePage(booking: LinkedBooking, token: string): PageOptions {
  const active = booking.status === 'CONFIRMED' || booking.status === 'PENDING';
  const head = html`<h1>Reschedule your booking</h1>
<p><strong>${booking.title}</strong></p>
<p><span class="fact">Now</span> ${bookedTime(booking)}</p>`;
  if (!active) {
    return { title: `Reschedule: ${booking.title}`, body: html`${head}<p role="status">This booking is ${booking.status.toLowerCase()}; it cannot be moved.</p>` };
  }
  const uid = encodeURIComponent(booking.uid);
  const data: SlotPickerData = {
    slotsUrl: `/calendar/booking-links/${uid}/slots?token=${encodeURIComponent(token)}`, submitUrl: `/calendar/booking-links/${uid}/reschedule`,
    submitExtra: { token }, timeZone: booking.timeZone, sending: 'Moving…', doneHeading: 'Your booking moved',
  };
  const body = html`<div id="booking">
${head}
${slotPicker(booking.timeZone)}
<form id="book-form" hidden>
<h2>New time</h2>
<p id="picked" class="picked"></p>
<p><button type="submit" id="book">Move booking</button></p>
</form>
</div>
<div id="confirmation" hidden>
<h1 id="confirmed-heading" tabindex="-1">Your booking moved</h1>
<p>${booking.title}</p>
<p id="confirmed-when" class="when"></p>
<p id="confirmed-to"></p>
<p><a id="confirmed-join" href="#" hidden>Join the meeting</a></p>
<p><a id="ics" class="button" href="#" download="invite.ics" hidden>Add to calendar (.ics)</a></p>
</div>
${slotPickerData(data)}`;
  return { title: `Reschedule: ${booking.title}`, body, css: BOOKING_PAGE_CSS, scripts: [SLOT_PICKER_SCRIPT] };
}
