import type { FormField } from '../entities/form-field.entity.js';
import type { FormSubmission } from '../entities/form-submission.entity.js';

/** Leading columns of every export, then one column per field ref (Formbricks' layout). */
export const FIXED_COLUMNS = ['submissionId', 'status', 'createdAt', 'completedAt', 'respondentEmail'] as const;

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection); a leading ' neutralises it.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: text is guarded against formula injection, then quoted when it holds a separator, quote or newline (ours rather than csv-stringify: docs/decisions/0330). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else {
    text = Array.isArray(value)
      ? value.join('; ')
      : typeof value === 'object'
        ? String((value as { fileUrl?: unknown }).fileUrl ?? JSON.stringify(value))
        : String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(fields: FormField[]): string {
  return [...FIXED_COLUMNS, ...fields.map((f) => f.ref)].map(csvCell).join(',') + '\r\n';
}

export function csvRow(row: FormSubmission, fields: FormField[]): string {
  const fixed = [
    row.id,
    row.status,
    row.createdAt.toISOString(),
    row.completedAt?.toISOString() ?? null,
    row.respondentEmail,
  ];
  return [...fixed, ...fields.map((f) => row.answers[f.ref])].map(csvCell).join(',') + '\r\n';
}

export function jsonItem(row: FormSubmission): string {
  return JSON.stringify({
    submissionId: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    respondentEmail: row.respondentEmail,
    answers: row.answers,
    metadata: row.metadata,
  });
}
