import { randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/**
 * The HMAC key of the Standard Webhooks signature: the decoded bytes after `whsec_` (as the Standard Webhooks
 * libraries read it), or the UTF-8 bytes of a custom secret without that prefix.
 */
export function standardWebhooksKey(secret: string): Buffer {
  return secret.startsWith(PREFIX) ? Buffer.from(secret.slice(PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** Why a caller-supplied secret cannot be used, or null. */
export function secretProblem(secret: string): string | null {
  if (secret.length < 16 || secret.length > 256 || /\s/.test(secret)) return '16 to 256 characters without spaces';
  if (secret.startsWith(PREFIX)) {
    const body = secret.slice(PREFIX.length);
    const bytes = Buffer.from(body, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || bytes.length < 24 || bytes.length > 64)
      return 'whsec_ followed by base64 of 24 to 64 bytes';
  }
  return null;
}
