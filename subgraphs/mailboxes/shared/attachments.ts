import { DomainError } from '../../../platform/errors/domain-error.js';
import { isBase64Text } from '../../../platform/validation/base64.js';
import { newId } from '../../../platform/ids/ids.js';
import type { StoredAttachment } from '../entities/mail-message.entity.js';

/** 25 MB of attachments per message, decoded. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export interface AttachmentInput {
  filename: string;
  content: string;
  contentType?: string | null;
}

/** Checks base64 (strict: no spaces, padding right), sums decoded sizes against 25 MB, and stores them. */
export function checkAttachments(
  items: readonly AttachmentInput[] | null | undefined,
  carried: StoredAttachment[] = [],
): StoredAttachment[] {
  const out: StoredAttachment[] = [...carried];
  let total = carried.reduce((sum, a) => sum + a.size, 0);
  (items ?? []).forEach((item, i) => {
    const content = item.content;
    if (!isBase64Text(content)) {
      throw new DomainError('VALIDATION_ERROR', `attachments[${i}].content must be base64`, {
        field: `attachments[${i}].content`,
        received: content.slice(0, 40),
        expected: 'base64',
      });
    }
    const size = Buffer.byteLength(content, 'base64');
    total += size;
    if (total > MAX_ATTACHMENT_BYTES)
      throw new DomainError('ATTACHMENT_TOO_LARGE', `Attachments exceed 25 MB in total (${total} bytes so far)`);
    out.push({
      id: newId('att'),
      filename: item.filename,
      contentType: item.contentType || 'application/octet-stream',
      size,
      content,
    });
  });
  return out;
}
