import { html } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';
import { BOOKING_PAGE_CSS } from './booking-page.css.js';
import { bookedTime, type LinkedBooking } from './cancel-page.view.js';
import { EMBEDDABLE } from './plain-booking.view.js';

/** The booking as the confirmation reads it through its signed link. */
export interface ConfirmedBooking extends LinkedBooking {
  email: string;
  meetingUrl: string | null;
  ics: string | null;
}

const HEADINGS: Record<string, string> = { CONFIRMED: 'You are booked', PENDING: 'Your request was sent' };

/**
 * Where a booking made or moved without JavaScript lands (after the post's 303): the time in the booker's zone, the
 * meeting link, and the invite as a download. Framable like the booking page it follows in an embed.
 */
export function confirmationPage(booking: ConfirmedBooking, icsHref: string, moved: boolean): PageOptions {
  const heading =
    moved && booking.status === 'CONFIRMED'
      ? 'Your booking moved'
      : (HEADINGS[booking.status] ?? `This booking is ${booking.status.toLowerCase()}`);
  // The module writes meeting links itself; only a web address becomes a link.
  const join =
    booking.meetingUrl && /^https?:\/\//i.test(booking.meetingUrl)
      ? html`<p><a href="${booking.meetingUrl}">Join the meeting</a></p>`
      : '';
  const body = html`<h1>${heading}</h1>
<p>${booking.title}</p>
<p class="when">${bookedTime(booking)}</p>
<p>A confirmation goes to ${booking.email}.</p>
${booking.status === 'PENDING' ? html`<p>The host will confirm or decline; you will get an email then.</p>` : ''}
${join}
${booking.ics ? html`<p><a class="button" href="${icsHref}" download="invite.ics">Add to calendar (.ics)</a></p>` : ''}`;
  return { title: `${heading}: ${booking.title}`, body, css: BOOKING_PAGE_CSS, frameAncestors: EMBEDDABLE };
}
