/**
 * Outbound: `queued` → `sent` → `delivered` or `bounced`; `failed` when it could not be handed over; `scheduled` →
 * `queued` at its time, or `cancelled`. Inbound: `received`.
 */
export type MessageStatus =
  'received' | 'scheduled' | 'queued' | 'sent' | 'delivered' | 'bounced' | 'failed' | 'cancelled';
