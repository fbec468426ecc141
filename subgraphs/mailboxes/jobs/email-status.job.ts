import { LockMode } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { EmailOutcomeData } from '../../../platform/ports/system-email.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { messageEventData } from '../messages/message-view.js';

/**
 * The outcome job a mailbox message's emails name (SystemEmail.outcomeJob, `ref` = the mailbox message id): the email
 * module enqueues it when one is delivered or bounces, so the report reaches this module's worker in whichever process
 * it runs, and waits while it is down.
 */
export const EMAIL_STATUS_JOB = 'mailboxes.email-status';

/** sent → delivered (`message.delivered`) or bounced (`message.bounced`); a bounce also overrides delivered. */
export function emailStatusJob(): JobDefinition<EmailOutcomeData> {
  return {
    name: EMAIL_STATUS_JOB,
    handler: async (data, { em }) => {
      await em.transactional(async (tx) => {
        // Locked: a delivery status notification may bounce the message at the same moment (inbound/delivery-report.ts).
        const message = await tx.findOne(
          MailMessage,
          { id: data.ref },
          { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
        );
        if (!message) return;
        const now = new Date();
        if (data.outcome === 'delivered' && message.status === 'sent') {
          message.status = 'delivered';
          message.deliveredAt = now;
          await tx.flush();
          await emitEvent(tx, 'message.delivered', { ...messageEventData(message), deliveredAt: now.toISOString() });
        } else if (data.outcome === 'bounced' && (message.status === 'sent' || message.status === 'delivered')) {
          message.status = 'bounced';
          message.bouncedAt = now;
          message.bounceReason = data.reason;
          await tx.flush();
          await emitEvent(tx, 'message.bounced', {
            ...messageEventData(message),
            bounceType: data.bounceType ?? 'hard',
            reason: data.reason,
            bouncedAt: now.toISOString(),
          });
        }
      });
    },
  };
}
