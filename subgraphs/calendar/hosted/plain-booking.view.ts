import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';
import type { PostedFields } from './booking-answers.read.js';
import { BOOKING_PAGE_CSS } from './booking-page.css.js';
import { bookingQuestionControls } from './booking-questions.view.js';
import { eventTypeHead, singleDuration, type HostedEventType } from './event-type-head.view.js';
import {
  errorLine,
  invalidMark,
  plainDayChooser,
  plainDayFields,
  plainDaySlots,
  type PlainPicker,
} from './plain-slots.view.js';

/** Anyone may frame the booking page (the iframe embed), its plain posts and their answers included. */
export const EMBEDDABLE = '*';

/** The booking form of a page without JavaScript: the day's slots, the booker's details, and what went wrong. */
export interface PlainBookingForm {
  picker: PlainPicker;
  /** The signed `_csrf` of this event type's page. */
  csrf: string;
  /** What was posted, kept when the page comes back with an error. */
  values: PostedFields;
  /** A refusal that is no control's (a slot taken meanwhile), at the top. */
  notice: string | null;
}

/**
 * The booking page as plain HTML: a GET form for the zone, length and day, then a POST form to the page itself with
 * the day's slots as radio buttons, "Name", "Email", the booking questions and "Book". No script.
 */
export function plainBooking(eventType: HostedEventType, form: PlainBookingForm): SafeHtml {
  const { picker } = form;
  const { problems } = picker;
  const kept = (name: string) =>
    typeof form.values[name] === 'string' ? html` value="${form.values[name] as string}"` : '';
  const book =
    picker.day.slots.length === 0
      ? plainDaySlots(picker)
      : html`<form method="post" action="${picker.path}">
<input type="hidden" name="_csrf" value="${form.csrf}">
${plainDayFields(picker)}
${plainDaySlots(picker)}
<h2>Your details</h2>
<label for="name">Name</label>
<input type="text" id="name" name="name" required maxlength="200" autocomplete="name" aria-describedby="err-name"${invalidMark('name', problems)}${kept('name')}>
${errorLine('name', problems)}
<label for="email">Email</label>
<input type="email" id="email" name="email" required maxlength="320" autocomplete="email" aria-describedby="err-email"${invalidMark('email', problems)}${kept('email')}>
${errorLine('email', problems)}
${bookingQuestionControls(eventType.bookingQuestions, { values: form.values, problems })}
<p><button type="submit">Book</button></p>
</form>`;
  return html`<div class="plain">
${eventTypeHead(eventType)}
${singleDuration(eventType)}
${form.notice ? html`<p class="notice error" role="alert">${form.notice}</p>` : ''}
${plainDayChooser(picker)}
${book}
</div>`;
}

/** The plain page alone: what a post without JavaScript gets back (a refusal, a slot taken meanwhile). */
export function plainBookingPage(eventType: HostedEventType, form: PlainBookingForm): PageOptions {
  return {
    title: eventType.title,
    body: plainBooking(eventType, form),
    css: BOOKING_PAGE_CSS,
    frameAncestors: EMBEDDABLE,
  };
}
