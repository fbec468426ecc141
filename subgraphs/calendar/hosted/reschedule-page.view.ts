import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';
import { BOOKING_PAGE_CSS } from './booking-page.css.js';
import { bookedTime, type LinkedBooking } from './cancel-page.view.js';
import { plainDayChooser, plainDayFields, plainDaySlots, type PlainPicker } from './plain-slots.view.js';
import { SLOT_PICKER_SCRIPT, slotPicker, slotPickerData, type SlotPickerData } from './slot-picker.view.js';

/** The move form of the page without JavaScript: the day's slots of the signed link, and what went wrong. */
export interface PlainRescheduleForm {
  picker: PlainPicker;
  csrf: string;
  notice: string | null;
}

export const isMovable = (booking: LinkedBooking): boolean =>
  booking.status === 'CONFIRMED' || booking.status === 'PENDING';

const headOf = (booking: LinkedBooking): SafeHtml => html`<h1>Reschedule your booking</h1>
<p><strong>${booking.title}</strong></p>
<p><span class="fact">Now</span> ${bookedTime(booking)}</p>`;

/**
 * Moves a booking: the current time, then the booking page's slot picker on the signed link's JSON (the event type's
 * free slots at the booking's length), posting the picked start to the reschedule route. Without a script, the
 * `<noscript>` plain form does the same through the page's own post.
 */
export function reschedulePage(booking: LinkedBooking, token: string, plain: PlainRescheduleForm | null): PageOptions {
  const head = headOf(booking);
  if (!isMovable(booking)) {
    return {
      title: `Reschedule: ${booking.title}`,
      body: html`${head}<p role="status">This booking is ${booking.status.toLowerCase()}; it cannot be moved.</p>`,
    };
  }
  const uid = encodeURIComponent(booking.uid);
  const data: SlotPickerData = {
    slotsUrl: `/calendar/booking-links/${uid}/slots?token=${encodeURIComponent(token)}`,
    submitUrl: `/calendar/booking-links/${uid}/reschedule`,
    submitExtra: { token },
    timeZone: booking.timeZone,
    sending: 'Moving…',
    doneHeading: 'Your booking moved',
  };
  const enhanced = html`<div id="booking">
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
</div>`;
  const body = html`<template id="enhanced">${enhanced}</template>
${plain ? html`<noscript>${plainReschedule(booking, plain)}</noscript>` : ''}
${slotPickerData(data)}`;
  return { title: `Reschedule: ${booking.title}`, body, css: BOOKING_PAGE_CSS, scripts: [SLOT_PICKER_SCRIPT] };
}

/** The plain page alone: what a post without JavaScript gets back (a refusal, a slot taken meanwhile). */
export function plainReschedulePage(booking: LinkedBooking, plain: PlainRescheduleForm): PageOptions {
  return { title: `Reschedule: ${booking.title}`, body: plainReschedule(booking, plain), css: BOOKING_PAGE_CSS };
}

function plainReschedule(booking: LinkedBooking, plain: PlainRescheduleForm): SafeHtml {
  const { picker } = plain;
  const move =
    picker.day.slots.length === 0
      ? plainDaySlots(picker)
      : html`<form method="post" action="${picker.path}">
<input type="hidden" name="_csrf" value="${plain.csrf}">
${plainDayFields(picker)}
${plainDaySlots(picker)}
<p><button type="submit">Move booking</button></p>
</form>`;
  return html`<div class="plain">
${headOf(booking)}
${plain.notice ? html`<p class="notice error" role="alert">${plain.notice}</p>` : ''}
${plainDayChooser(picker)}
${move}
</div>`;
}
