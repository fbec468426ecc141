import type { EntityManager } from '@mikro-orm/postgresql';
import type { Form } from '../entities/form.entity.js';
import type { FormField } from '../entities/form-field.entity.js';
import { validationError } from '../shared/validation-error.js';
import { attachUploads, findUploads } from './form-upload.store.js';
import { uploadOfUrl, uploadUrl } from './upload-url.js';

/** FILE answers as stored, with the uploads they name (empty when every file is a link the respondent typed). */
export interface ResolvedFiles {
  answers: Record<string, unknown>;
  uploadIds: string[];
}

/**
 * FILE answers whose `fileUrl` is one of this platform's upload URLs get the stored file's name and size (what the
 * respondent's browser said is not kept); the file must have been uploaded to this form, for that question, and not
 * be part of another submission. Other URLs are links, kept as given. `lock` locks the uploads (the caller's
 * transaction completes the submission that takes them).
 */
export async function resolveUploadedFiles(
  em: EntityManager,
  publicUrl: string,
  form: Form,
  fields: FormField[],
  answers: Record<string, unknown>,
  lock = false,
): Promise<ResolvedFiles> {
  const named: { ref: string; id: string }[] = [];
  for (const field of fields) {
    const answer = answers[field.ref] as { fileUrl?: unknown } | null | undefined;
    if (field.type !== 'FILE' || !answer || typeof answer.fileUrl !== 'string') continue;
    const upload = uploadOfUrl(publicUrl, answer.fileUrl);
    if (!upload) continue;
    if (upload.formUuid !== form.uuid)
      throw validationError(
        field.ref,
        answer.fileUrl,
        'a file uploaded to this form',
        `${field.label}: this file was not uploaded to this form`,
      );
    named.push({ ref: field.ref, id: upload.id });
  }
  if (named.length === 0) return { answers, uploadIds: [] };
  const ids = [...new Set(named.map((n) => n.id))];
  const rows = new Map((await findUploads(em, form.id, ids, lock)).map((r) => [r.id, r]));
  const out = { ...answers };
  for (const { ref, id } of named) {
    const row = rows.get(id);
    const field = fields.find((f) => f.ref === ref)!;
    if (!row || row.submission_id !== null)
      throw validationError(
        ref,
        (answers[ref] as { fileUrl: string }).fileUrl,
        'a file uploaded in the last 24 hours',
        `${field.label}: this file is no longer available; upload it again`,
      );
    if (row.field_ref !== ref)
      throw validationError(ref, row.field_ref, ref, `${field.label}: this file was uploaded for another question`);
    out[ref] = { fileUrl: uploadUrl(publicUrl, form.uuid, id), fileName: row.file_name, fileSize: row.size };
  }
  return { answers: out, uploadIds: ids };
}

/** Whether any FILE answer names one of this platform's uploads (the submit then takes the transactional path). */
export function holdsUploadUrl(publicUrl: string, fields: FormField[], answers: Record<string, unknown>): boolean {
  return fields.some(
    (f) =>
      f.type === 'FILE' &&
      typeof (answers[f.ref] as { fileUrl?: unknown } | undefined)?.fileUrl === 'string' &&
      uploadOfUrl(publicUrl, (answers[f.ref] as { fileUrl: string }).fileUrl) !== null,
  );
}

/** Within the completing transaction: the files become the submission's (no longer swept). */
export async function takeUploads(em: EntityManager, submissionId: string, files: ResolvedFiles): Promise<void> {
  await attachUploads(em, submissionId, files.uploadIds);
}
