import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsStatus } from '../entities/sms-status.js';
import { sandboxOutcome } from '../sandbox/test-numbers.js';
import type { SmsDeps } from '../sms-deps.js';

export const SMS_CARRIER_JOB = 'sms.sandbox-carrier';
export const SMS_REPORT_JOB = 'sms.sandbox-report';

interface CarrierJobData {
  organizationId: string;
  /** The messages of one send request (one job per request, not per message: a batch of 500 is one job). */
  messageIds: string[];
}

/**
 * The offline carrier, first half: hands the messages over (QUEUED → SENDING, committed), then sends them (→ SENT,
 * or FAILED for the failure test number) and enqueues their delivery report in that same transaction. Each state
 * commits on its own, so every one is visible; a rerun after a crash skips messages already past a step.
 */
export function sandboxCarrierJob(deps: SmsDeps): JobDefinition<CarrierJobData> {
  return {
    name: SMS_CARRIER_JOB,
    concurrency: 20,
    handler: async ({ organizationId, messageIds }, { em }) => {
      await em.transactional(async (tx) => {
        for (const message of await locked(tx, messageIds, SmsStatus.QUEUED)) {
          // SENDING is the hand-off to the carrier: visible as a status, not listed in `events` (part 3's example lists QUEUED, SENT, DELIVERED).
          message.status = SmsStatus.SENDING;
          message.providerMessageId = `SM${randomBytes(16).toString('hex')}`;
        }
      });
      await em.transactional(async (tx) => {
        const sent: string[] = [];
        for (const message of await locked(tx, messageIds, SmsStatus.SENDING)) {
          if (await send(tx, message)) sent.push(message.id);
        }
        if (sent.length > 0) await deps.jobs.enqueue(tx, SMS_REPORT_JOB, { organizationId, messageIds: sent });
      });
    },
  };
}

/** Second half: the carrier's delivery report (SENT → DELIVERED, or UNDELIVERED for the test number). */
export function sandboxReportJob(): JobDefinition<CarrierJobData> {
  return {
    name: SMS_REPORT_JOB,
    concurrency: 20,
    handler: async ({ messageIds }, { em }) => {
      await em.transactional(async (tx) => {
        for (const message of await locked(tx, messageIds, SmsStatus.SENT)) await report(tx, message);
      });
    },
  };
}

async function locked(tx: EntityManager, ids: string[], status: SmsStatus): Promise<SmsMessage[]> {
  return tx.find(SmsMessage, { id: { $in: ids }, status }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } });
}

/** SENDING → SENT (true), or FAILED for the failure test number. */
async function send(tx: EntityManager, message: SmsMessage): Promise<boolean> {
  const now = new Date();
  const outcome = sandboxOutcome(message.to);
  if (outcome.final === 'FAILED') {
    await fail(tx, message, SmsStatus.FAILED, outcome.errorCode, outcome.errorMessage, now);
    return false;
  }
  message.status = SmsStatus.SENT;
  message.sentAt = now;
  record(message, SmsStatus.SENT, now);
  await emitEvent(tx, 'sms.sent', { messageId: message.id, to: message.to, from: message.from, segments: message.segments, sentAt: now.toISOString() });
  return true;
}

/** SENT → DELIVERED, or UNDELIVERED for the test number. */
async function report(tx: EntityManager, message: SmsMessage): Promise<void> {
  const now = new Date();
  const outcome = sandboxOutcome(message.to);
  if (outcome.final === 'UNDELIVERED') {
    await fail(tx, message, SmsStatus.UNDELIVERED, outcome.errorCode, outcome.errorMessage, now);
    return;
  }
  message.status = SmsStatus.DELIVERED;
  message.deliveredAt = now;
  record(message, SmsStatus.DELIVERED, now);
  await emitEvent(tx, 'sms.delivered', { messageId: message.id, to: message.to, deliveredAt: now.toISOString() });
}

function record(message: SmsMessage, status: SmsStatus, at: Date) {
  // A new array, so the ORM sees the jsonb change.
  message.events = [...message.events, { eventType: status, timestamp: at.toISOString() }];
}

async function fail(tx: EntityManager, message: SmsMessage, status: SmsStatus.FAILED | SmsStatus.UNDELIVERED, code: number | null, text: string | null, now: Date) {
  message.status = status;
  message.failedAt = now;
  message.errorCode = code;
  message.errorMessage = text;
  record(message, status, now);
  await emitEvent(tx, 'sms.failed', { messageId: message.id, to: message.to, status, errorCode: code, errorMessage: text, failedAt: now.toISOString() });
}
