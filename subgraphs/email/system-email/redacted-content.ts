import type { SecretBox } from '../../../platform/crypto/secret-box.js';

export const REDACTED = '[redacted]';

export interface MessageBody {
  text: string | null;
  html: string | null;
}

/** The body with every secret (and its URL-encoded spelling) replaced by `[redacted]`; longest first, so a link goes whole. */
export function redactBody(body: MessageBody, secrets: string[]): MessageBody {
  const spellings = [...new Set(secrets.filter((s) => s.length > 0).flatMap((s) => [s, encodeURIComponent(s)]))].sort(
    (a, b) => b.length - a.length,
  );
  const redact = (value: string | null) =>
    value === null ? null : spellings.reduce((out, secret) => out.split(secret).join(REDACTED), value);
  return { text: redact(body.text), html: redact(body.html) };
}

/** Seals the real body for the send job, bound to the message id (a sealed body cannot be moved to another message). */
export function sealBody(box: SecretBox, messageId: string, body: MessageBody): string {
  return box.seal(JSON.stringify(body), messageId);
}

export function openBody(box: SecretBox, messageId: string, sealed: string): MessageBody {
  return JSON.parse(box.open(sealed, messageId)) as MessageBody;
}
