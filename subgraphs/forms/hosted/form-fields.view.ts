import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import { fileControl, fileHint } from './form-file.view.js';
import { numberSetting, optionsOf, type HostedField, type PostedValues } from './public-form.view-model.js';

/** Choice lists up to this long are radio buttons (one tap each); longer ones a select. */
const RADIO_LIMIT = 6;
/** E.164 as the module checks it. */
const E164_PATTERN = '\\+[1-9][0-9]{1,14}';

/** The control name of one option of a multiple choice (plain form posts keep one value per name). */
export const optionName = (ref: string, index: number) => `${ref}[${index}]`;
/** The hidden companion of a date-time control: the instant with the respondent's offset, filled by the script. */
export const zonedName = (ref: string) => `${ref}__zoned`;

/**
 * One question as a labelled control with its rules as HTML constraints (shown by the browser without the script,
 * as the respondent types with it) and its error, if the last post was refused for it.
 */
export function fieldControl(
  field: HostedField,
  values: PostedValues,
  error: string | undefined,
  skippable = false,
): SafeHtml {
  const id = `q-${field.ref}`;
  const errorId = `err-${field.ref}`;
  const hintId = `hint-${field.ref}`;
  const hint = hintOf(field);
  const describedBy = [hint ? hintId : null, errorId].filter(Boolean).join(' ');
  const mark = field.required ? html`<span class="req" aria-hidden="true"> *</span>` : '';
  const common = { id, describedBy, invalid: error ? 'true' : null };
  const hintHtml = hint ? html`<p class="hint" id="${hintId}">${hint}</p>` : '';
  const errorHtml = html`<p class="error" id="${errorId}" role="status">${error ?? ''}</p>`;
  const grouped = isGroup(field);
  // A question a logic jump may skip is required only on the respondent's path: the server (and the script) decide.
  const control = controlOf(skippable ? { ...field, required: false } : field, values, common);
  const body = grouped
    ? html`<fieldset aria-describedby="${describedBy}"><legend id="${id}-label">${field.label}${mark}${field.required ? html`<span class="visually-hidden"> (required)</span>` : ''}</legend>${hintHtml}${control}${errorHtml}</fieldset>`
    : html`<label for="${id}">${field.label}${mark}</label>${hintHtml}${control}${errorHtml}`;
  const jumps =
    Array.isArray(field.settings.jumps) && field.settings.jumps.length > 0
      ? html` data-jumps="${JSON.stringify(field.settings.jumps)}"`
      : '';
  return html`<div class="q" data-ref="${field.ref}" data-type="${field.type}"${field.required ? html` data-required="true"` : ''}${skippable ? html` data-skippable="true"` : ''}${jumps}>${body}</div>`;
}

interface Common {
  id: string;
  describedBy: string;
  invalid: string | null;
}

function isGroup(field: HostedField): boolean {
  if (field.type === 'RATING' || field.type === 'NPS' || field.type === 'MULTI_SELECT' || field.type === 'CHECKBOX')
    return true;
  return field.type === 'SELECT' && optionsOf(field).length <= RADIO_LIMIT;
}

function hintOf(field: HostedField): string | null {
  const min = numberSetting(field, 'minLength');
  const max = numberSetting(field, 'maxLength');
  switch (field.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      if (min !== undefined && max !== undefined) return `${min} to ${max} characters`;
      if (min !== undefined) return `At least ${min} characters`;
      return max !== undefined ? `At most ${max} characters` : null;
    case 'PHONE':
      return 'International format, for example +14155550123';
    case 'URL':
      return 'A web address starting with https://';
    case 'FILE':
      return fileHint(field);
    case 'NUMBER': {
      const lo = numberSetting(field, 'min');
      const hi = numberSetting(field, 'max');
      if (lo !== undefined && hi !== undefined) return `From ${lo} to ${hi}`;
      return lo !== undefined ? `At least ${lo}` : hi !== undefined ? `At most ${hi}` : null;
    }
    case 'NPS':
      return '0 = not at all likely, 10 = extremely likely';
    case 'DATE_TIME':
      return 'Time in UTC';
    case 'MULTI_SELECT':
      return 'Choose any';
    default:
      return null;
  }
}

function controlOf(field: HostedField, values: PostedValues, c: Common): SafeHtml {
  const value = values[field.ref] ?? '';
  const required = field.required;
  const input = (type: string, extra: SafeHtml | string = '') =>
    html`<input type="${type}" id="${c.id}" name="${field.ref}" value="${value}" aria-describedby="${c.describedBy}"${c.invalid ? html` aria-invalid="true"` : ''}${required ? html` required` : ''}${field.placeholder ? html` placeholder="${field.placeholder}"` : ''}${extra}>`;
  const lengths = html`${numberSetting(field, 'minLength') !== undefined ? html` minlength="${numberSetting(field, 'minLength')}"` : ''}${numberSetting(field, 'maxLength') !== undefined ? html` maxlength="${numberSetting(field, 'maxLength')}"` : ''}`;
  switch (field.type) {
    case 'SHORT_TEXT':
      return input('text', lengths);
    case 'LONG_TEXT':
      return html`<textarea id="${c.id}" name="${field.ref}" aria-describedby="${c.describedBy}"${c.invalid ? html` aria-invalid="true"` : ''}${required ? html` required` : ''}${field.placeholder ? html` placeholder="${field.placeholder}"` : ''}${lengths}>${value}</textarea>`;
    case 'EMAIL':
      return input('email', html` autocomplete="email" maxlength="254"`);
    case 'URL':
      return input('url', html` maxlength="2048"`);
    case 'FILE':
      return fileControl(field, values, c);
    case 'PHONE':
      return input('tel', html` autocomplete="tel" pattern="${E164_PATTERN}" maxlength="16"`);
    case 'NUMBER': {
      const lo = numberSetting(field, 'min');
      const hi = numberSetting(field, 'max');
      return input(
        'number',
        html` step="any" inputmode="decimal"${lo !== undefined ? html` min="${lo}"` : ''}${hi !== undefined ? html` max="${hi}"` : ''}`,
      );
    }
    case 'SLIDER': {
      const lo = numberSetting(field, 'min') ?? 0;
      const hi = numberSetting(field, 'max') ?? 100;
      const shown = value || String(Math.round((lo + hi) / 2));
      return html`<input type="range" id="${c.id}" name="${field.ref}" min="${lo}" max="${hi}" value="${shown}" aria-describedby="${c.describedBy}"><output for="${c.id}" data-for="${c.id}">${shown}</output>`;
    }
    case 'RATING':
      return scale(field, values, c, 1, numberSetting(field, 'max') ?? 5, (n, max) => `${n} of ${max}`);
    case 'NPS':
      return scale(field, values, c, 0, 10, (n) => String(n));
    case 'DATE':
      return input('date');
    case 'DATE_TIME':
      return html`${input('datetime-local')}<input type="hidden" name="${zonedName(field.ref)}" value="${values[zonedName(field.ref)] ?? ''}">`;
    case 'SELECT': {
      const options = optionsOf(field);
      if (options.length > RADIO_LIMIT) {
        return html`<select id="${c.id}" name="${field.ref}" aria-describedby="${c.describedBy}"${required ? html` required` : ''}${c.invalid ? html` aria-invalid="true"` : ''}><option value="">Choose…</option>${options.map((o) => html`<option${o === value ? html` selected` : ''}>${o}</option>`)}</select>`;
      }
      return html`${options.map((o, i) => html`<label class="choice"><input type="radio" id="${c.id}-${i}" name="${field.ref}" value="${o}"${o === value ? html` checked` : ''}${required && i === 0 ? html` required` : ''}>${o}</label>`)}`;
    }
    case 'MULTI_SELECT':
    case 'CHECKBOX':
      return html`${optionsOf(field).map((o, i) => html`<label class="choice"><input type="checkbox" id="${c.id}-${i}" name="${optionName(field.ref, i)}" value="${o}"${values[optionName(field.ref, i)] === o ? html` checked` : ''}${required && optionsOf(field).length === 1 ? html` required` : ''}>${o}</label>`)}`;
    default:
      return input('text');
  }
}

function scale(
  field: HostedField,
  values: PostedValues,
  c: Common,
  from: number,
  to: number,
  name: (n: number, max: number) => string,
): SafeHtml {
  const value = values[field.ref] ?? '';
  const steps: number[] = [];
  for (let n = from; n <= to; n++) steps.push(n);
  return html`<div class="scale">${steps.map((n) => html`<label><input type="radio" id="${c.id}-${n}" name="${field.ref}" value="${n}" aria-label="${name(n, to)}"${String(n) === value ? html` checked` : ''}${field.required && n === from ? html` required` : ''}><span aria-hidden="true">${n}</span></label>`)}</div>`;
}
