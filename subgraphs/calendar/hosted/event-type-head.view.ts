import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import type { HostedQuestion } from './booking-questions.view.js';
import { durationLabel } from './plain-slots.view.js';

/** What the page shows of a public event type (the public operation's answer). */
export interface HostedEventType {
  organizationSlug: string;
  slug: string;
  title: string;
  description: string | null;
  duration: number;
  durations: number[];
  locationType: string;
  timeZone: string | null;
  requiresConfirmation: boolean;
  bookingQuestions: HostedQuestion[];
}

const LOCATIONS: Record<string, string> = {
  VIDEO: 'Video call',
  LINK: 'Online meeting (link after booking)',
  PHONE: 'Phone call',
  IN_PERSON: 'In person',
};

/** The title, description and location both versions of the booking page start with. */
export function eventTypeHead(eventType: HostedEventType): SafeHtml {
  return html`<h1>${eventType.title}</h1>
${eventType.description ? html`<p class="description">${eventType.description}</p>` : ''}
<p><span class="fact">Location</span> ${LOCATIONS[eventType.locationType] ?? eventType.locationType}</p>`;
}

/** One length only: said as a fact (several are a picker). */
export function singleDuration(eventType: HostedEventType): SafeHtml | '' {
  return eventType.durations.length > 1
    ? ''
    : html`<p><span class="fact">Duration</span> ${durationLabel(eventType.duration)}</p>`;
}
