import type { SystemEmail } from '../../../platform/ports/system-email.js';

/** The email telling an organization that a webhook failed 7 times and was disabled. */
export function webhookDisabledNotice(input: {
  organizationId: string;
  webhookId: string;
  url: string;
  deliveryId: string;
  eventType: string;
  lastError: string;
}): SystemEmail {
  const text = [
    `Your webhook ${input.webhookId} (${input.url}) has been disabled.`,
    '',
    `Delivery ${input.deliveryId} of a ${input.eventType} event failed 7 times on the retry schedule`,
    `(immediately, then after 1 minute, 5 minutes, 30 minutes, 2 hours, 8 hours and 24 hours).`,
    `Last error: ${input.lastError}`,
    '',
    'The webhook is marked failed and receives no more events. Fix the endpoint, then re-enable the webhook with',
    `PATCH /webhooks/${input.webhookId} {"active": true}, and retry failed deliveries with`,
    'POST /webhooks/deliveries/{deliveryId}/retry.',
  ].join('\n');
  return {
    organizationId: input.organizationId,
    kind: 'webhook.disabled',
    subject: `Webhook disabled after 7 failed attempts: ${input.url}`,
    text,
  };
}
