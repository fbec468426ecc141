import type { PageApi, OperationResult } from '../../../platform/http/html/page-route.js';
import { isPostedFile, type MultipartForm, type PostedFile } from '../../../platform/http/multipart.js';
import { fileAnswerName } from './form-file.view.js';
import type { HostedForm, PostedValues } from './public-form.view-model.js';

/** The largest plain post with files: the files of one submission together (the script sends each on its own). */
export const PAGE_UPLOAD_BODY_LIMIT = 25 * 1024 * 1024 + 256 * 1024;

/** A plain post split into its text controls and its files (by control name). */
export function splitPost(body: MultipartForm | undefined): {
  values: PostedValues;
  files: Record<string, PostedFile>;
} {
  const values: PostedValues = {};
  const files: Record<string, PostedFile> = {};
  for (const [name, value] of Object.entries(body ?? {})) {
    if (isPostedFile(value)) files[name] = value;
    else values[name] = value;
  }
  return { values, files };
}

export interface FileRefusal {
  ref: string;
  message: string;
  code: string | undefined;
}

/**
 * Stores the files of a plain post through the public upload operation (the same rules as the script's uploads),
 * one FILE field at a time; each stored file's answer goes into `values` as the script would have put it there, so a
 * refused post shows it attached. The first refusal per field is returned.
 */
export async function uploadPostedFiles(
  api: PageApi,
  form: HostedForm,
  files: Record<string, PostedFile>,
  values: PostedValues,
  password: string | null,
): Promise<FileRefusal[]> {
  const refusals: FileRefusal[] = [];
  for (const field of form.fields) {
    const file = field.type === 'FILE' ? files[field.ref] : undefined;
    if (!file) continue;
    const input = { fieldRef: field.ref, fileName: file.fileName || 'file', content: file.bytes.toString('base64') };
    const result: OperationResult<{ uploadFormFile: { fileUrl: string; fileName: string; fileSize: number } }> =
      await api.run('UploadFormFile', { formRef: form.uuid, input, password });
    const stored = result.data?.uploadFormFile;
    if (stored) {
      values[fileAnswerName(field.ref)] = JSON.stringify({
        fileUrl: stored.fileUrl,
        fileName: stored.fileName,
        fileSize: stored.fileSize,
      });
    } else {
      const error = result.errors?.[0];
      const code = error?.extensions?.code;
      refusals.push({
        ref: field.ref,
        message: error?.message ?? 'The file could not be stored.',
        code: typeof code === 'string' ? code : undefined,
      });
    }
  }
  return refusals;
}
