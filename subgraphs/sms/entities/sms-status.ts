import { registerEnumType } from 'type-graphql';

/**
 * Document 1 part 3. Outbound: QUEUED → SENDING → SENT → DELIVERED, or FAILED / UNDELIVERED (carrier), or
 * BLOCKED at once (suppressed recipient). Inbound messages are RECEIVED (Twilio's name; part 3 lists none).
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
