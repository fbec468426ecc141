import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a webhook delivery the check reads (lower-case, as Node gives them). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * Whether a webhook delivery is ours: its Standard Webhooks signature (`webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, keyed with the base64 part of a `whsec_` secret or a custom secret's bytes) over the raw body,
 * with a timestamp within `toleranceSeconds` of now so a replay is refused.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  headers: WebhookHeaders,
  options: { toleranceSeconds?: number; now?: () => number } = {},
): boolean {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one('webhook-id');
  const timestamp = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  const now = (options.now ?? Date.now)() / 1000;
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const key = secret.startsWith('whsec_')
    ? Buffer.from(secret.slice('whsec_'.length), 'base64')
    : Buffer.from(secret, 'utf8');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
