import { DateTime } from 'luxon';
import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import type { PlainDay, Problems } from './plain-day.read.js';
import { timeZoneOptions } from './time-zone-options.js';

/**
 * The slot picker of a page without JavaScript (booking page, reschedule page): a GET form choosing the zone, the length
 * and the day, then, inside the page's POST form, that day's free slots as radio buttons and links to the nearest free
 * days. Control ids are those of the script's picker (`zone`, `duration`); errors are `err-{id}`.
 */
export interface PlainPicker {
  /** The page's own path: the day links, the GET form and the POST form go there. */
  path: string;
  /** Fields every link and form carries along (the signed link's token). */
  keep: Record<string, string>;
  day: PlainDay;
  /** The lengths the booker may pick (no picker for one), and the event type's own. */
  durations: number[];
  defaultDuration: number | null;
  problems: Problems;
  /** The slot posted before, checked again when the page comes back with an error. */
  chosen?: string;
}

export const durationLabel = (n: number): string =>
  n % 60 === 0 && n >= 60 ? `${n / 60} hour${n === 60 ? '' : 's'}` : `${n} minutes`;

/** A date as the page says it: "Tuesday 8 January". */
export const dayName = (date: string): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-GB').toFormat('cccc d LLLL');

/** The message beside control `id` (empty, and so out of the layout, when there is none). */
export const errorLine = (id: string, problems: Problems): SafeHtml =>
  html`<p class="error" id="err-${id}" role="status">${problems[id] ?? ''}</p>`;

export const invalidMark = (id: string, problems: Problems): SafeHtml | '' =>
  problems[id] ? html` aria-invalid="true"` : '';

const hidden = (fields: Record<string, string>): SafeHtml =>
  html`${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;

const shownDuration = (p: PlainPicker): number | null => p.day.duration ?? p.defaultDuration;

function dayLink(p: PlainPicker, date: string): string {
  const duration = p.day.duration;
  return `${p.path}?${new URLSearchParams({ ...p.keep, date, tz: p.day.zone, ...(duration ? { duration: String(duration) } : {}) })}`;
}

/** Choosing another zone, length or day: a plain GET of the page. */
export function plainDayChooser(p: PlainPicker): SafeHtml {
  const { day, problems } = p;
  const shown = shownDuration(p);
  const durationControl =
    p.durations.length > 1
      ? html`<label for="duration">Duration</label>
<select id="duration" name="duration" aria-describedby="err-duration"${invalidMark('duration', problems)}>${p.durations.map((d) => html`<option value="${d}"${d === shown ? html` selected` : ''}>${durationLabel(d)}</option>`)}</select>
${errorLine('duration', problems)}`
      : problems.duration
        ? errorLine('duration', problems)
        : '';
  return html`<form method="get" action="${p.path}" class="plain-chooser">
${hidden(p.keep)}
<label for="zone">Time zone</label>
<select id="zone" name="tz" aria-describedby="err-zone"${invalidMark('zone', problems)}>${timeZoneOptions(day.zone)}</select>
${errorLine('zone', problems)}
${durationControl}
<label for="day">Day</label>
<input type="date" id="day" name="date" value="${day.date ?? day.today}" min="${day.today}" aria-describedby="err-day"${invalidMark('day', problems)}>
${errorLine('day', problems)}
<p><button type="submit" class="secondary">Show free times</button></p>
</form>`;
}

/** What the POST form carries to book or move on the day shown: the day, zone and length of its slots. */
export function plainDayFields(p: PlainPicker): SafeHtml {
  const duration = p.day.duration;
  return hidden({
    ...p.keep,
    date: p.day.date ?? '',
    tz: p.day.zone,
    ...(duration ? { duration: String(duration) } : {}),
  });
}

/** The day's heading, links to the nearest free days, and its slots as radio buttons named by their start ("09:30"). */
export function plainDaySlots(p: PlainPicker): SafeHtml {
  const { day, problems } = p;
  if (!day.date)
    return html`<h2 id="day-heading">Free times</h2><p role="status">No free times in the next six months.</p>`;
  const links = [
    day.previous
      ? html`<a href="${dayLink(p, day.previous)}" aria-label="Previous free day: ${dayName(day.previous)}">‹ ${dayName(day.previous)}</a>`
      : '',
    day.next
      ? html`<a href="${dayLink(p, day.next)}" aria-label="Next free day: ${dayName(day.next)}">${dayName(day.next)} ›</a>`
      : '',
  ];
  const nav = day.previous || day.next ? html`<nav class="day-bar" aria-label="Other days">${links}</nav>` : '';
  const heading = html`<h2 id="day-heading">${dayName(day.date)}</h2>${nav}`;
  if (day.slots.length === 0)
    return html`${heading}<p role="status">No free times on this day.</p>${errorLine('start', problems)}`;
  return html`${heading}
<fieldset class="plain-slots" aria-describedby="err-start"><legend>Free times (${day.zone.replace(/_/g, ' ')})</legend>
<ul class="slots">${day.slots.map(
    (s, i) =>
      html`<li><label class="slot-choice"><input type="radio" name="start" value="${s.start}"${i === 0 ? html` required` : ''}${s.start === p.chosen ? html` checked` : ''}${invalidMark('start', problems)}>${s.startTime}</label></li>`,
  )}</ul>
${errorLine('start', problems)}
</fieldset>`;
}
