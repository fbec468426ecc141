import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';
import { SLOT_PICKER_SCRIPT, slotPicker, slotPickerData, type SlotPickerData } from './slot-picker.view.js';
import { BOOKING_PAGE_CSS } from './booking-page.css.js';
import { bookingQuestionControls } from './booking-questions.view.js';
import { eventTypeHead, singleDuration, type HostedEventType } from './event-type-head.view.js';
import { EMBEDDABLE, plainBooking, type PlainBookingForm } from './plain-booking.view.js';
import { durationLabel } from './plain-slots.view.js';

export { EMBEDDABLE };
export type { HostedEventType };

/**
 * The booking page: the event type, the month of free days, the day's slots, the booker's name, email and answers.
 * The script's picker is a `<template>` the script puts in place; without a script the browser shows the `<noscript>`
 * plain form instead, so neither finds the other's controls (they share ids).
 */
export function bookingPage(eventType: HostedEventType, plain: PlainBookingForm): PageOptions {
  const base = `/calendar/public/${encodeURIComponent(eventType.organizationSlug)}/${encodeURIComponent(eventType.slug)}`;
  const data: SlotPickerData = {
    slotsUrl: `${base}/slots`,
    submitUrl: `${base}/bookings`,
    timeZone: eventType.timeZone,
    sending: 'Booking…',
    doneHeading: 'You are booked',
    pendingHeading: 'Your request was sent',
    questions: eventType.bookingQuestions.map((q) => ({ name: q.name, label: q.label, type: q.type })),
  };
  const durationControl =
    eventType.durations.length > 1
      ? html`<label for="duration">Duration</label><select id="duration">${eventType.durations.map((d) => html`<option value="${d}"${d === eventType.duration ? html` selected` : ''}>${durationLabel(d)}</option>`)}</select>`
      : singleDuration(eventType);
  const enhanced: SafeHtml = html`<div id="booking">
${eventTypeHead(eventType)}
${durationControl}
${slotPicker(eventType.timeZone)}
<form id="book-form" hidden>
<h2>Your details</h2>
<p id="picked" class="picked"></p>
<label for="name">Name</label>
<input type="text" id="name" name="name" required maxlength="200" autocomplete="name" aria-describedby="err-name">
<p class="error" id="err-name" role="status"></p>
<label for="email">Email</label>
<input type="email" id="email" name="email" required maxlength="320" autocomplete="email" aria-describedby="err-email">
<p class="error" id="err-email" role="status"></p>
${bookingQuestionControls(eventType.bookingQuestions)}
<p><button type="submit" id="book">Book</button></p>
</form>
</div>
<div id="confirmation" hidden>
<h1 id="confirmed-heading" tabindex="-1">You are booked</h1>
<p>${eventType.title}</p>
<p id="confirmed-when" class="when"></p>
<p id="confirmed-to"></p>
${eventType.requiresConfirmation ? html`<p>The host will confirm or decline; you will get an email then.</p>` : ''}
<section id="confirmed-answers" aria-labelledby="answers-heading" hidden><h2 id="answers-heading">Your answers</h2><dl id="answers"></dl></section>
<p><a id="confirmed-join" href="#" hidden>Join the meeting</a></p>
<p><a id="ics" class="button" href="#" download="invite.ics" hidden>Add to calendar (.ics)</a></p>
</div>`;
  const body = html`<template id="enhanced">${enhanced}</template>
<noscript>${plainBooking(eventType, plain)}</noscript>
${slotPickerData(data)}`;
  return {
    title: eventType.title,
    body,
    css: BOOKING_PAGE_CSS,
    scripts: [SLOT_PICKER_SCRIPT],
    frameAncestors: EMBEDDABLE,
  };
}

/** An address that names no public event type, or a page that cannot be shown right now. */
export function unavailableBookingPage(heading: string, text: string): PageOptions {
  return { title: heading, body: html`<h1>${heading}</h1><p>${text}</p>` };
}
