import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { fullJitter } from '../../../platform/jobs/retry-backoff.js';
import { lockedIn, markFailed } from '../carrier/carrier-transitions.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsStatus } from '../entities/sms-status.js';
import { TwilioClient } from '../provider/twilio-client.js';
import { STATUS_CALLBACK_PATH } from '../provider/callback-paths.js';
import type { SmsDeps } from '../sms-deps.js';
import { SMS_CARRIER_JOB, type CarrierJobData } from './sms-job-names.js';

/**
 * Waits before the 2nd to 5th hand-over of messages the provider could not take (429, 5xx, no connection): uniform up
 * to 2 s, 20 s, 2 min and 10 min (1 s, 10 s, 1 min and 5 min on average), so a provider's outage ends without a burst.
 */
export const PROVIDER_RETRY_BACKOFF = fullJitter([2_000, 20_000, 120_000, 600_000]);
const PARALLEL_REQUESTS = 10;

/**
 * The Twilio-style provider: QUEUED → SENDING (committed), then one API request per message. The provider's id is
 * committed as soon as it answers, so a rerun never sends a message twice unless the process died in the instant
 * between the provider's answer and that commit. Later states (SENT, DELIVERED, ...) arrive by signed callbacks.
 */
export function providerCarrierJob(
  deps: SmsDeps,
  provider: NonNullable<SmsDeps['config']['sms']['provider']>,
): JobDefinition<CarrierJobData> {
  const client = new TwilioClient(provider);
  const statusCallback = deps.config.publicUrl + STATUS_CALLBACK_PATH;
  return {
    name: SMS_CARRIER_JOB,
    concurrency: 20,
    handler: async (data, { em, logger }) => {
      const attempt = data.attempt ?? 1;
      await em.transactional(async (tx) => {
        for (const message of await lockedIn(tx, data.messageIds, SmsStatus.QUEUED)) message.status = SmsStatus.SENDING;
      });
      const pending = await em.find(
        SmsMessage,
        { id: { $in: data.messageIds }, status: SmsStatus.SENDING, providerMessageId: null },
        { orderBy: { id: 'asc' } },
      );
      const unavailable: string[] = [];
      await inParallel(pending, PARALLEL_REQUESTS, async (message) => {
        const result = await client.send({ to: message.to, from: message.from!, body: message.body, statusCallback });
        await em.fork().transactional(async (tx) => {
          const [row] = await lockedIn(tx, [message.id], SmsStatus.SENDING);
          if (!row) return;
          if (result.kind === 'accepted') row.providerMessageId = result.providerMessageId;
          else if (result.kind === 'rejected')
            await markFailed(tx, row, SmsStatus.FAILED, result.errorCode, result.errorMessage);
          else unavailable.push(row.id);
        });
        if (result.kind === 'unavailable')
          logger.warn('sms provider unavailable', { messageId: message.id, attempt, reason: result.reason });
      });
      if (unavailable.length > 0) await retryOrFail(deps, em, data, unavailable, attempt);
    },
  };
}

async function retryOrFail(
  deps: SmsDeps,
  em: EntityManager,
  data: CarrierJobData,
  ids: string[],
  attempt: number,
): Promise<void> {
  const delay = PROVIDER_RETRY_BACKOFF.delayBefore(attempt);
  await em.fork().transactional(async (tx) => {
    if (delay !== null) {
      await deps.jobs.enqueue(
        tx,
        SMS_CARRIER_JOB,
        { organizationId: data.organizationId, messageIds: ids, attempt: attempt + 1 },
        new Date(Date.now() + delay),
      );
      return;
    }
    // Twilio's 30001 "Queue overflow" is the nearest carrier code for "never taken".
    for (const row of await lockedIn(tx, ids, SmsStatus.SENDING))
      await markFailed(
        tx,
        row,
        SmsStatus.FAILED,
        30001,
        `The SMS provider could not be reached after ${attempt} attempts`,
      );
  });
}

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
