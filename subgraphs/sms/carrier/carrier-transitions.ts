import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsStatus } from '../entities/sms-status.js';

/**
 * The status changes a carrier reports, each with its event in the caller's transaction. Shared by the sandbox
 * carrier and the Twilio-style provider's callbacks, so both tell the same story.
 */

/** The messages among `ids` still in `status`, locked for this transaction (a rerun after a crash skips the rest). */
export async function lockedIn(tx: EntityManager, ids: string[], status: SmsStatus): Promise<SmsMessage[]> {
  return tx.find(
    SmsMessage,
    { id: { $in: ids }, status },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } },
  );
}

/** SENDING → SENT. */
export async function markSent(tx: EntityManager, message: SmsMessage, at = new Date()): Promise<void> {
  message.status = SmsStatus.SENT;
  message.sentAt = at;
  record(message, SmsStatus.SENT, at);
  await emitEvent(tx, 'sms.sent', {
    messageId: message.id,
    to: message.to,
    from: message.from,
    segments: message.segments,
    sentAt: at.toISOString(),
  });
}

/** SENT → DELIVERED. */
export async function markDelivered(tx: EntityManager, message: SmsMessage, at = new Date()): Promise<void> {
  message.status = SmsStatus.DELIVERED;
  message.deliveredAt = at;
  record(message, SmsStatus.DELIVERED, at);
  await emitEvent(tx, 'sms.delivered', { messageId: message.id, to: message.to, deliveredAt: at.toISOString() });
}

/** → FAILED (the carrier refused it) or UNDELIVERED (the handset never got it). */
export async function markFailed(
  tx: EntityManager,
  message: SmsMessage,
  status: SmsStatus.FAILED | SmsStatus.UNDELIVERED,
  code: number | null,
  text: string | null,
  at = new Date(),
): Promise<void> {
  message.status = status;
  message.failedAt = at;
  message.errorCode = code;
  message.errorMessage = text;
  record(message, status, at);
  await emitEvent(tx, 'sms.failed', {
    messageId: message.id,
    to: message.to,
    status,
    errorCode: code,
    errorMessage: text,
    failedAt: at.toISOString(),
  });
}

function record(message: SmsMessage, status: SmsStatus, at: Date) {
  // A new array, so the ORM sees the jsonb change.
  message.events = [...message.events, { eventType: status, timestamp: at.toISOString() }];
}
