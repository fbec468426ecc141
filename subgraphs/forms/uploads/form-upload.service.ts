import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import type { JobClock } from '../../../platform/clock/job-clock.js';
import type { Form } from '../entities/form.entity.js';
import type { FormField } from '../entities/form-field.entity.js';
import { findForm } from '../forms/form-lookup.js';
import { validationError } from '../shared/validation-error.js';
import { provided } from '../../../platform/validation/input-rules.js';
import { sanitizeFileName } from './file-name.js';
import { sniffContentType } from './file-sniff.js';
import { insertUpload, readUpload } from './form-upload.store.js';
import type { FormFileUploadInput } from './form-upload.input.js';
import type { FormFileContent, FormFileUpload } from './form-upload.types.js';
import { DEFAULT_MAX_FILE_BYTES, fileRulesOf, sizeText, typeAllowed, typeNames } from './upload-rules.js';
import { UPLOAD_ID_PREFIX, uploadUrl } from './upload-url.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Files of FILE fields: stored for a respondent of a LIVE form, read back by the form's owner. */
export class FormUploads {
  constructor(
    private readonly publicUrl: string,
    private readonly clock: JobClock,
  ) {}

  /**
   * Stores one file for one FILE field of `form` (found LIVE, access and password checked by the caller): the size
   * against the field's limit, the type sniffed from the bytes against the field's allowed types, the name cleaned.
   */
  async store(
    em: EntityManager,
    form: Form,
    fields: FormField[],
    input: FormFileUploadInput | null,
  ): Promise<FormFileUpload> {
    const body = provided(input);
    const field = fields.find((f) => f.ref === body.fieldRef && f.type === 'FILE');
    if (!field)
      throw validationError(
        'fieldRef',
        body.fieldRef ?? null,
        fields.filter((f) => f.type === 'FILE').map((f) => f.ref),
        'fieldRef must name a FILE field of this form',
      );
    const content = body.content ?? '';
    // Refused before decoding: a string far past the limit is not worth the copy.
    if (content.length > Math.ceil(DEFAULT_MAX_FILE_BYTES / 3) * 4 + 4)
      throw tooLarge(field, Math.floor((content.length * 3) / 4), fileRulesOf(field.settings).maxBytes);
    if (!BASE64.test(content))
      throw validationError('content', 'not base64', "the file's bytes in base64", 'content must be base64');
    const bytes = Buffer.from(content, 'base64');
    const rules = fileRulesOf(field.settings);
    if (bytes.length === 0) throw validationError(field.ref, 0, 'a file of at least 1 byte', 'The file is empty');
    if (bytes.length > rules.maxBytes) throw tooLarge(field, bytes.length, rules.maxBytes);
    const fileName = sanitizeFileName(body.fileName ?? '');
    const contentType = sniffContentType(bytes, fileName);
    if (!typeAllowed(rules, contentType)) {
      const expected = rules.allowedTypes ?? 'a recognised file type';
      const message = rules.allowedTypes
        ? `${field.label}: this question takes ${typeNames(rules.allowedTypes)}; this file is ${contentType}`
        : `${field.label}: this kind of file is not taken (${contentType})`;
      throw validationError(field.ref, contentType, expected, message);
    }
    const id = newId(UPLOAD_ID_PREFIX);
    await insertUpload(em, {
      id,
      formId: form.id,
      fieldRef: field.ref,
      fileName,
      contentType,
      bytes,
      createdAt: this.clock.now(),
    });
    return { fileUrl: uploadUrl(this.publicUrl, form.uuid, id), fileName, fileSize: bytes.length, contentType };
  }

  /** A file of one of the caller's forms; another organization's is unknown (404). */
  async read(em: EntityManager, formId: string, fileId: string): Promise<FormFileContent> {
    const form = await findForm(em, formId);
    const file = await readUpload(em, form.id, fileId);
    if (!file) throw notFound('File');
    return {
      fileName: file.file_name,
      contentType: file.content_type,
      size: file.size,
      base64: file.bytes.toString('base64'),
    };
  }
}

function tooLarge(field: FormField, size: number, max: number): DomainError {
  return new DomainError(
    'PAYLOAD_TOO_LARGE',
    `${field.label}: the file is ${sizeText(size)}; at most ${sizeText(max)}`,
    { field: field.ref, received: size, expected: `at most ${max} bytes` },
  );
}
