import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { lockedIn, markDelivered, markFailed, markSent } from '../carrier/carrier-transitions.js';
import { SMS_CARRIER_JOB, SMS_REPORT_JOB, type CarrierJobData } from './sms-job-names.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsStatus } from '../entities/sms-status.js';
import { sandboxOutcome } from '../sandbox/test-numbers.js';
import type { SmsDeps } from '../sms-deps.js';

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
        for (const message of await lockedIn(tx, messageIds, SmsStatus.QUEUED)) {
          // SENDING is the hand-off to the carrier: visible as a status, not listed in `events` (the documented example lists QUEUED, SENT, DELIVERED).
          message.status = SmsStatus.SENDING;
          message.providerMessageId = `SM${randomBytes(16).toString('hex')}`;
        }
      });
      await em.transactional(async (tx) => {
        const sent: string[] = [];
        for (const message of await lockedIn(tx, messageIds, SmsStatus.SENDING)) {
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
        for (const message of await lockedIn(tx, messageIds, SmsStatus.SENT)) await report(tx, message);
      });
    },
  };
}

/** SENDING → SENT (true), or FAILED for the failure test number. */
async function send(tx: EntityManager, message: SmsMessage): Promise<boolean> {
  const outcome = sandboxOutcome(message.to);
  if (outcome.final === 'FAILED') {
    await markFailed(tx, message, SmsStatus.FAILED, outcome.errorCode, outcome.errorMessage);
    return false;
  }
  await markSent(tx, message);
  return true;
}

/** SENT → DELIVERED, or UNDELIVERED for the test number. */
async function report(tx: EntityManager, message: SmsMessage): Promise<void> {
  const outcome = sandboxOutcome(message.to);
  if (outcome.final === 'UNDELIVERED')
    await markFailed(tx, message, SmsStatus.UNDELIVERED, outcome.errorCode, outcome.errorMessage);
  else await markDelivered(tx, message);
}
