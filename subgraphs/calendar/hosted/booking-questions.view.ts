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

/** The controls of the page's plain form post: what was posted (kept when the page comes back with an error), and the messages by control id. */
export interface QuestionState {
  values: Record<string, unknown>;
  problems: Record<string, string>;
}

/**
 * The event type's questions as native, labelled controls after "Name" and "Email". Each control's id and name is
 * `q-{name}` and its error (filled by the script from the API's `details.field`, or written by the page) `err-q-{name}`.
 * In the plain form (`state` given) a MULTISELECT's boxes are named `q-{name}-{i}`, since a form post keeps one value
 * per name. Every label, option, placeholder and kept answer is escaped by the template.
 */
export function bookingQuestionControls(questions: HostedQuestion[], state?: QuestionState): SafeHtml {
  return html`${questions.map((q) => questionControl(q, state))}`;
}

function questionControl(q: HostedQuestion, state: QuestionState | undefined): SafeHtml {
  const values = state?.values ?? {};
  const problems = state?.problems ?? {};
  const id = `q-${q.name}`;
  const errorId = `err-${id}`;
  const given = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : null);
  const mark = q.required ? html`<span class="req" aria-hidden="true"> *</span>` : '';
  const required = html`${q.required ? html` required aria-required="true"` : ''}${problems[id] ? html` aria-invalid="true"` : ''}`;
  const error = html`<p class="error" id="${errorId}" role="status">${problems[id] ?? ''}</p>`;
  const placeholder = q.placeholder ? html` placeholder="${q.placeholder}"` : '';
  const value = given(id) !== null ? html` value="${given(id)}"` : '';
  const input = (type: string, extra: SafeHtml | string = '') =>
    html`<input type="${type}" id="${id}" name="${id}" aria-describedby="${errorId}"${required}${placeholder}${value}${extra}>`;
  const labelled = (control: SafeHtml, hint: SafeHtml | string = '') =>
    html`<div class="q"><label for="${id}">${q.label}${mark}</label>${hint}${control}${error}</div>`;
  switch (q.type) {
    case 'TEXTAREA':
      return labelled(
        html`<textarea id="${id}" name="${id}" aria-describedby="${errorId}"${required}${placeholder}>${given(id) ?? ''}</textarea>`,
      );
    case 'EMAIL':
      return labelled(input('email', html` maxlength="320"`));
    case 'PHONE':
      return labelled(
        input('tel', html` pattern="${E164_PATTERN}" autocomplete="tel"`),
        html`<p class="hint">International format, for example +14155550123</p>`,
      );
    case 'NUMBER':
      return labelled(input('number', html` step="any"`));
    case 'SELECT':
      return labelled(
        html`<select id="${id}" name="${id}" aria-describedby="${errorId}"${required}><option value="">Choose…</option>${q.options.map((o) => html`<option${o === given(id) ? html` selected` : ''}>${o}</option>`)}</select>`,
      );
    case 'CHECKBOX':
      return html`<div class="q"><label class="choice"><input type="checkbox" id="${id}" name="${id}" aria-describedby="${errorId}"${required}${given(id) !== null ? html` checked` : ''}>${q.label}${mark}</label>${error}</div>`;
    case 'RADIO':
    case 'MULTISELECT': {
      const radio = q.type === 'RADIO';
      // A radio group can be required as a whole; "at least one box" has no native attribute, so the legend says it.
      const group = radio ? html` role="radiogroup"${q.required ? html` aria-required="true"` : ''}` : '';
      const chosen = (o: string, i: number) => (radio ? given(id) === o : given(`${id}-${i}`) !== null);
      return html`<fieldset class="q" id="${id}"${group} aria-describedby="${errorId}"${problems[id] ? html` aria-invalid="true"` : ''}><legend>${q.label}${mark}${q.required ? html`<span class="visually-hidden"> (required)</span>` : ''}</legend>${q.options.map(
        (o, i) =>
          html`<label class="choice"><input type="${radio ? 'radio' : 'checkbox'}" id="${id}-${i}" name="${radio || !state ? id : `${id}-${i}`}" value="${o}"${radio && q.required && i === 0 ? html` required` : ''}${chosen(o, i) ? html` checked` : ''}>${o}</label>`,
      )}${error}</fieldset>`;
    }
    default:
      return labelled(input('text', html` maxlength="1000"`));
  }
}
