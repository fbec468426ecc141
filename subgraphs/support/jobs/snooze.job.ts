import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { Conversation } from '../entities/conversation.entity.js';
import { Inbox } from '../entities/inbox.entity.js';
import { ConversationFlow } from '../conversations/conversation-flow.js';
import type { SupportDeps } from '../shared/support-deps.js';

export const SNOOZE_JOB = 'support.snooze-ends';

export interface SnoozeJobData {
  organizationId: string;
  conversationId: string;
  /** The snooze this job ends: a conversation snoozed again (or reopened) since does not match and is left alone. */
  until: string;
}

/** Reopens a snoozed conversation when its snooze ends. */
export function snoozeJob(deps: SupportDeps): JobDefinition<SnoozeJobData> {
  const flow = new ConversationFlow(deps);
  return {
    name: SNOOZE_JOB,
    handler: async (data, { em, logger }) => {
      await em.transactional(async (tx) => {
        const conversation = await tx.findOne(Conversation, { id: data.conversationId });
        if (
          !conversation ||
          conversation.status !== 'snoozed' ||
          conversation.snoozedUntil?.toISOString() !== data.until
        ) {
          logger.debug('stale snooze job skipped', { conversationId: data.conversationId });
          return;
        }
        const inbox = await tx.findOneOrFail(Inbox, { id: conversation.inboxId });
        await flow.setStatus(tx, inbox, conversation, 'open');
      });
    },
  };
}
