import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { EventSink, OutboxEvent } from '../../../platform/events/event-dispatcher.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { messageEventData } from '../messages/message-view.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';

export const EMAIL_STATUS_JOB = 'mailboxes.email-status';

interface EmailStatusJobData {
  organizationId: string;
  messageId: string;
  outcome: 'delivered' | 'bounced';
  reason: string | null;
  bounceType: string | null;
}

/**
 * Listens to the email module's outbox events (no import of that module): `email.delivered` and `email.bounced`
 * of an email that carried a mailbox message become a job, in the dispatch transaction, that moves the message.
 */
export function emailStatusSink(deps: MailboxesDeps): EventSink {
  return {
    name: 'mailboxes:email-status',
    handle: async (tx: EntityManager, events: OutboxEvent[]) => {
      const relevant = events.filter((e) => (e.type === 'email.delivered' || e.type === 'email.bounced') && typeof e.data.messageId === 'string');
      if (relevant.length === 0) return;
      const ids = relevant.map((e) => e.data.messageId as string);
      const carried = await tx.find(MailMessage, { emailMessageIds: { $overlap: ids } }, { filters: false, fields: ['id', 'organizationId', 'emailMessageIds'] });
      for (const event of relevant) {
        const message = carried.find((m) => m.organizationId === event.organizationId && m.emailMessageIds.includes(event.data.messageId as string));
        if (!message) continue;
        const data: EmailStatusJobData = {
          organizationId: message.organizationId, messageId: message.id, outcome: event.type === 'email.delivered' ? 'delivered' : 'bounced',
          reason: typeof event.data.reason === 'string' ? event.data.reason : null, bounceType: typeof event.data.bounceType === 'string' ? event.data.bounceType : null,
        };
        await deps.jobs.enqueue(tx, EMAIL_STATUS_JOB, data);
      }
    },
  };
}

/** sent → delivered (`message.delivered`) or bounced (`message.bounced`); a bounce also overrides delivered. */
export function emailStatusJob(): JobDefinition<EmailStatusJobData> {
  return {
    name: EMAIL_STATUS_JOB,
    handler: async (data, { em }) => {
      await em.transactional(async (tx) => {
        const message = await tx.findOne(MailMessage, { id: data.messageId });
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
          await emitEvent(tx, 'message.bounced', { ...messageEventData(message), bounceType: data.bounceType ?? 'hard', reason: data.reason, bouncedAt: now.toISOString() });
        }
      });
    },
  };
}
