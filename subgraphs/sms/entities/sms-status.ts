import { registerEnumType } from 'type-graphql';

/**
 * Message statuses. Outbound: QUEUED → SENDING → SENT → DELIVERED, or FAILED / UNDELIVERED (carrier), or
 * BLOCKED at once (suppressed recipient). Inbound messages are RECEIVED (Twilio's name; the documented statuses name none).
 */
export enum SmsStatus {
  QUEUED = 'QUEUED',
  SENDING = 'SENDING',
  SENT = 'SENT',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
  UNDELIVERED = 'UNDELIVERED',
  BLOCKED = 'BLOCKED',
  RECEIVED = 'RECEIVED',
}
registerEnumType(SmsStatus, { name: 'SmsStatus' });

export enum SmsDirection {
  OUTBOUND = 'OUTBOUND',
  INBOUND = 'INBOUND',
}
registerEnumType(SmsDirection, { name: 'SmsDirection' });

export enum SmsSuppressionReason {
  MANUAL = 'MANUAL',
  /** The recipient texted STOP (or another opt-out keyword). */
  OPT_OUT = 'OPT_OUT',
}
registerEnumType(SmsSuppressionReason, { name: 'SmsSuppressionReason' });
