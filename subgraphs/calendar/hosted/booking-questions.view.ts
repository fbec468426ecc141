import { html, type SafeHtml } from '../../../platform/http/html/html.js';

/** A booking question as the public operation answers it. */
export interface HostedQuestion {
  name: string;
  label: string;
  type: string;
  required: boolean;
  options: string[];
  placeholder: string | null;
}

/** E.164, as the module checks it. */
const E164_PATTERN = '\\+[1-9][0-9]{6,14}';

/**
 * The event type's questions as native, labelled controls after "Name" and "Email". Each control's id is `q-{name}`
 * and its error (filled by the script from the API's `details.field`) `err-q-{name}`. Every label, option and
 * placeholder is escaped by the template.
 */
export function bookingQuestionControls(questions: HostedQuestion[]): SafeHtml {
  return html`${questions.map(questionControl)}`;
}

function questionControl(q: HostedQuestion): SafeHtml {
  const id = `q-${q.name}`;
  const errorId = `err-${id}`;
  const mark = q.required ? html`<span class="req" aria-hidden="true"> *</span>` : '';
  const required = q.required ? html` required aria-required="true"` : '';
  const error = html`<p class="error" id="${errorId}" role="status"></p>`;
  const placeholder = q.placeholder ? html` placeholder="${q.placeholder}"` : '';
  const input = (type: string, extra: SafeHtml | string = '') =>
    html`<input type="${type}" id="${id}" name="${id}" aria-describedby="${errorId}"${required}${placeholder}${extra}>`;
  const labelled = (control: SafeHtml, hint: SafeHtml | string = '') => html`<div class="q"><label for="${id}">${q.label}${mark}</label>${hint}${control}${error}</div>`;
  switch (q.type) {
    case 'TEXTAREA': return labelled(html`<textarea id="${id}" name="${id}" aria-describedby="${errorId}"${required}${placeholder}></textarea>`);
    case 'EMAIL': return labelled(input('email', html` maxlength="320"`));
    case 'PHONE': return labelled(input('tel', html` pattern="${E164_PATTERN}" autocomplete="tel"`), html`<p class="hint">International format, for example +14155550123</p>`);
    case 'NUMBER': return labelled(input('number', html` step="any"`));
    case 'SELECT':
      return labelled(html`<select id="${id}" name="${id}" aria-describedby="${errorId}"${required}><option value="">Choose…</option>${q.options.map((o) => html`<option>${o}</option>`)}</select>`);
    case 'CHECKBOX':
      return html`<div class="q"><label class="choice"><input type="checkbox" id="${id}" name="${id}" aria-describedby="${errorId}"${required}>${q.label}${mark}</label>${error}</div>`;
    case 'RADIO':
    case 'MULTISELECT': {
      const radio = q.type === 'RADIO';
      // A radio group can be required as a whole; "at least one box" has no native attribute, so the legend says it.
      const group = radio ? html` role="radiogroup"${q.required ? html` aria-required="true"` : ''}` : '';
      return html`<fieldset class="q" id="${id}"${group} aria-describedby="${errorId}"><legend>${q.label}${mark}${q.required ? html`<span class="visually-hidden"> (required)</span>` : ''}</legend>${q.options.map((o, i) =>
        html`<label class="choice"><input type="${radio ? 'radio' : 'checkbox'}" id="${id}-${i}" name="${id}" value="${o}"${radio && q.required && i === 0 ? html` required` : ''}>${o}</label>`)}${error}</fieldset>`;
    }
    default: return labelled(input('text', html` maxlength="1000"`));
  }
}
