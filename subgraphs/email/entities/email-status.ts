import { registerEnumType } from 'type-graphql';

/** QUEUED → SENT → DELIVERED, or BOUNCED (hard: 5xx; soft: 4xx after retries) or FAILED (could not reach the relay). */
export enum EmailStatus {
  QUEUED = 'QUEUED',
  SENT = 'SENT',
  DELIVERED = 'DELIVERED',
  BOUNCED = 'BOUNCED',
  FAILED = 'FAILED',
}
registerEnumType(EmailStatus, { name: 'EmailStatus' });

export enum SuppressionReason {
  HARD_BOUNCE = 'HARD_BOUNCE',
  SPAM_COMPLAINT = 'SPAM_COMPLAINT',
  UNSUBSCRIBE = 'UNSUBSCRIBE',
  MANUAL = 'MANUAL',
}
registerEnumType(SuppressionReason, { name: 'EmailSuppressionReason' });
