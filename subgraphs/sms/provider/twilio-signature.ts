import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (`X-Twilio-Signature`): base64 HMAC-SHA1, keyed by the account's auth token, of the
 * full callback URL followed by every POST parameter as name + value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const payload =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join('');
  return createHmac('sha1', authToken).update(payload, 'utf8').digest('base64');
}

/** Whether `signature` signs this request; compared in constant time. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | null | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
