import { html, jsonForScript, type SafeHtml } from '../../../platform/http/html/html.js';
import { SLOT_PICKER_SCRIPT } from './slot-picker.script.js';

/** Where the picker reads slots and posts the picked one, and what it says when that worked. */
export interface SlotPickerData {
  slotsUrl: string;
  submitUrl: string;
  submitExtra?: Record<string, string>;
  timeZone: string | null;
  sending: string;
  doneHeading: string;
  pendingHeading?: string;
  /** The booking questions the form asks (controls `q-{name}`), sent as `responses` and listed on the confirmation. */
  questions?: { name: string; label: string; type: string }[];
}

/**
 * The part the booking page and the reschedule page share: the time zone, the month of free days and the day's slots.
 * The page puts its form (`#book-form`, submit `#book`) after it and the answer (`#confirmation`) outside `#booking`,
 * all of it in `<template id="enhanced">`, which the script puts in place (without a script the page's `<noscript>`
 * plain form is shown instead).
 */
export function slotPicker(timeZone: string | null): SafeHtml {
  return html`<label for="zone">Time zone</label>
<select id="zone"><option value="${timeZone ?? 'UTC'}">${timeZone ?? 'UTC'}</option></select>
<p id="problem" class="notice error" role="alert" hidden></p>
<p id="status" class="hint" role="status" aria-live="polite"></p>
<section class="month" aria-labelledby="month-heading">
<div class="month-bar"><button type="button" id="prev" class="secondary" aria-label="Previous month">‹</button><h2 id="month-heading">Free days</h2><button type="button" id="next" class="secondary" aria-label="Next month">›</button></div>
<ol class="weekdays" aria-hidden="true"><li>Mo</li><li>Tu</li><li>We</li><li>Th</li><li>Fr</li><li>Sa</li><li>Su</li></ol>
<ol id="days" class="days"></ol>
</section>
<section aria-labelledby="day-heading">
<h2 id="day-heading">Free times</h2>
<ul id="slots" class="slots"></ul>
</section>`;
}

/** The picker's data element and script, for the end of the page's body and its `scripts`. */
export function slotPickerData(data: SlotPickerData): SafeHtml {
  return html`<script type="application/json" id="booking-data">${jsonForScript(data)}</script>`;
}

export { SLOT_PICKER_SCRIPT };
