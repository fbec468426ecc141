import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';
import { fieldControl } from './form-fields.view.js';
import { skippableRefs } from '../fields/field-jumps.js';
import { FORM_DONE_SCRIPT, FORM_PAGE_SCRIPT } from './form-page.script.js';
import { themeCss } from './form-theme.js';
import type { HostedForm, PageProblems, PostedValues } from './public-form.view-model.js';

/** The form's logo above its title, from this host (the path of `logoUrl`: the page never loads from elsewhere). */
function logo(form: { title: string; theme?: HostedForm['theme'] }): SafeHtml | '' {
  const url = form.theme?.logoUrl;
  if (!url) return '';
  const { pathname, search } = new URL(url, 'http://localhost');
  return html`<p class="logo"><img src="${pathname + search}" alt="${form.title}" height="48"></p>`;
}

/** Anyone may frame a hosted form: being embedded on the owner's site is what it is for. */
export const EMBEDDABLE = '*';

export interface FormPageInput {
  form: HostedForm;
  csrf: string;
  values?: PostedValues;
  problems?: PageProblems;
  /** The password the respondent gave, carried by the plain form's posts. */
  password?: string | null;
}

/** The questions, all at once (or one per screen once the script runs), posting to the page itself. */
export function formPage({ form, csrf, values = {}, problems = { byRef: {} }, password }: FormPageInput): PageOptions {
  const count = Object.keys(problems.byRef).length + (problems.form ? 1 : 0);
  const summary = count
    ? html`<div class="notice error" role="alert" id="problems"><p>${problems.form ?? (count === 1 ? 'One answer needs a change.' : `${count} answers need a change.`)}</p></div>`
    : '';
  const stepped = form.settings.layout === 'ONE_PER_SCREEN';
  const skippable = skippableRefs(form.fields);
  // Files travel in the plain post only as multipart; every other form stays URL-encoded.
  const enctype = form.fields.some((f) => f.type === 'FILE') ? html` enctype="multipart/form-data"` : '';
  const body = html`${logo(form)}<h1>${form.title}</h1>
${form.description ? html`<p class="description">${form.description}</p>` : ''}
${summary}
<p class="hint">Questions marked <span class="req" aria-hidden="true">*</span><span class="visually-hidden">with an asterisk</span> are required.</p>
<form id="hosted-form" method="post" action="/f/${form.uuid}" data-uuid="${form.uuid}" data-layout="${form.settings.layout}"${enctype}>
<input type="hidden" name="_action" value="submit">
<input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="_submission" value="${values._submission ?? ''}">
${password ? html`<input type="hidden" name="_password" value="${password}">` : ''}
<div class="hp" aria-hidden="true"><label for="hp-website">Leave this empty</label><input id="hp-website" name="_website" tabindex="-1" autocomplete="off"></div>
${form.fields.map((field) => fieldControl(field, values, problems.byRef[field.ref], skippable.has(field.ref)))}
<div class="steps">
${stepped ? html`<button type="button" id="back" class="secondary" hidden>Back</button><button type="button" id="next" hidden>Next</button>` : ''}
<button type="submit" id="submit">Submit</button>
${stepped ? html`<span class="progress" id="progress" aria-live="polite"></span>` : ''}
</div>
</form>`;
  return {
    title: form.title,
    body,
    css: themeCss(form.theme),
    scripts: [FORM_PAGE_SCRIPT],
    frameAncestors: EMBEDDABLE,
  };
}

/** A password form before its password. */
export function passwordPage(
  form: { title: string; theme?: HostedForm['theme'] },
  uuid: string,
  csrf: string,
  wrong: boolean,
): PageOptions {
  const body = html`${logo(form)}<h1>${form.title}</h1>
<p>This form is protected by a password.</p>
${wrong ? html`<div class="notice error" role="alert"><p>That password is not right. Try again.</p></div>` : ''}
<form method="post" action="/f/${uuid}">
<input type="hidden" name="_action" value="unlock">
<input type="hidden" name="_csrf" value="${csrf}">
<label for="form-password">Password</label>
<input type="password" id="form-password" name="_password" required autocomplete="off"${wrong ? html` aria-invalid="true"` : ''}>
<p><button type="submit">Continue</button></p>
</form>`;
  return { title: form.title, body, css: form.theme ? themeCss(form.theme) : undefined, frameAncestors: EMBEDDABLE };
}

/** After a submission without a redirect. */
export function thankYouPage(form: HostedForm): PageOptions {
  const body = html`<h1>Thank you</h1><p role="status">${form.settings.thankYouMessage ?? 'Your answers were sent.'}</p>`;
  return {
    title: `Thank you: ${form.title}`,
    body,
    css: themeCss(form.theme),
    scripts: [FORM_DONE_SCRIPT(form.uuid)],
    frameAncestors: EMBEDDABLE,
  };
}

/** After a submission to a form with a redirect: on to the owner's page (the address was checked as http(s) when saved). */
export function redirectPage(form: HostedForm, to: string): PageOptions {
  const body = html`<h1>Thank you</h1><p role="status">Your answers were sent.</p><p><a class="button" href="${to}">Continue</a></p>`;
  return {
    title: `Thank you: ${form.title}`,
    body,
    head: html`<meta http-equiv="refresh" content="0; url=${to}">`,
    scripts: [FORM_DONE_SCRIPT(form.uuid)],
    frameAncestors: EMBEDDABLE,
  };
}

/** A form that cannot be filled in here: closed, unpublished, unknown, or taking answers only with the owner's key. */
export function unavailablePage(heading: string, text: string, title: string | null): PageOptions {
  const body: SafeHtml = html`${title ? html`<p class="hint">${title}</p>` : ''}<h1>${heading}</h1><p>${text}</p>`;
  return { title: heading, body, frameAncestors: EMBEDDABLE };
}
