import { html, type SafeHtml } from '../../../platform/http/html/html.js';
import { fileRulesOf, sizeText, typeNames } from '../uploads/upload-rules.js';
import type { HostedField, PostedValues } from './public-form.view-model.js';

/** The hidden companion of a file control: the stored file's answer (`{fileUrl, fileName, fileSize}` as JSON). */
export const fileAnswerName = (ref: string) => `${ref}__file`;

/** The answer a file control holds already (uploaded by the script, or by an earlier post the server refused). */
export function heldFile(
  values: PostedValues,
  ref: string,
): { fileUrl: string; fileName: string | null; fileSize: number | null } | null {
  const raw = values[fileAnswerName(ref)];
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (typeof parsed.fileUrl !== 'string') return null;
    return {
      fileUrl: parsed.fileUrl,
      fileName: typeof parsed.fileName === 'string' ? parsed.fileName : null,
      fileSize: typeof parsed.fileSize === 'number' ? parsed.fileSize : null,
    };
  } catch {
    return { fileUrl: raw, fileName: null, fileSize: null };
  }
}

/** "PDF or PNG, up to 5 MB": the field's rules as the respondent reads them beside the control. */
export function fileHint(field: HostedField): string {
  const rules = fileRulesOf(field.settings);
  return rules.allowedTypes
    ? `${typeNames(rules.allowedTypes)}, up to ${sizeText(rules.maxBytes)}`
    : `Up to ${sizeText(rules.maxBytes)}`;
}

/** What `accept` lists: the allowed types (the browser's picker shows those first; the server still sniffs). */
function acceptOf(field: HostedField): string | null {
  const types = fileRulesOf(field.settings).allowedTypes;
  return types && !types.includes('application/octet-stream') ? types.join(',') : null;
}

/**
 * A file question: a native file input (posted as multipart without the script; uploaded as soon as it is picked
 * with it), the held file's answer in a hidden input, a status line and a remove button for the script.
 */
export function fileControl(
  field: HostedField,
  values: PostedValues,
  c: { id: string; describedBy: string; invalid: string | null },
): SafeHtml {
  const held = heldFile(values, field.ref);
  const accept = acceptOf(field);
  const max = fileRulesOf(field.settings).maxBytes;
  const status = held
    ? `${held.fileName ?? 'A file'}${held.fileSize != null ? ` (${sizeText(held.fileSize)})` : ''} is attached. Pick another file to replace it.`
    : '';
  const required = field.required && !held;
  const input = html`<input type="file" id="${c.id}" name="${field.ref}" aria-describedby="${c.describedBy} file-${field.ref}" data-max-bytes="${max}"${accept ? html` accept="${accept}"` : ''}${c.invalid ? html` aria-invalid="true"` : ''}${required ? html` required` : ''}>`;
  const answer = html`<input type="hidden" name="${fileAnswerName(field.ref)}" value="${values[fileAnswerName(field.ref)] ?? ''}">`;
  const remove = html`<button type="button" class="secondary file-remove" data-remove="${field.ref}"${held ? '' : html` hidden`}>Remove file</button>`;
  return html`${input}${answer}<p class="file-status" id="file-${field.ref}" aria-live="polite">${status}</p>${remove}`;
}
