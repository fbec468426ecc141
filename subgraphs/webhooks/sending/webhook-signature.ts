import { createHmac } from 'node:crypto';
import { standardWebhooksKey } from './webhook-secret.js';

/** What identifies one POST of a delivery. */
export interface SignedRequest {
  eventId: string;
  eventType: string;
  deliveryId: string;
  /** The exact bytes sent: signatures cover the raw body. */
  body: string;
  /** Unix seconds of this attempt (the wall clock: receivers compare it with theirs). */
  timestamp: number;
}

/**
 * Headers of a webhook POST: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>` keyed with the secret
 * (GitHub's format), and the Standard Webhooks trio `webhook-id` (the event id, stable across
 * retries), `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC of "id.timestamp.body">` so receivers can
 * reject replays.
 */
export function signedHeaders(secret: string, request: SignedRequest): Record<string, string> {
  const hex = createHmac('sha256', secret).update(request.body).digest('hex');
  const standard = createHmac('sha256', standardWebhooksKey(secret))
    .update(`${request.eventId}.${request.timestamp}.${request.body}`)
    .digest('base64');
  return {
    'content-type': 'application/json',
    'user-agent': 'platform-webhooks/1.0',
    'x-service-signature': `sha256=${hex}`,
    'x-service-event': request.eventType,
    'x-service-delivery': request.deliveryId,
    'webhook-id': request.eventId,
    'webhook-timestamp': String(request.timestamp),
    'webhook-signature': `v1,${standard}`,
  };
}

/** The delivery body: `{id, type, timestamp, data}` in that order. */
export function deliveryBody(event: { id: string; type: string; timestamp: string; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.timestamp, data: event.data });
}
