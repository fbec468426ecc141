import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { MailThread } from '../entities/mail-thread.entity.js';
import { baseSubject } from '../shared/base-subject.js';

/** What places a message in a thread. */
export interface ThreadKey {
  mailboxId: string;
  /** `In-Reply-To` first, then `References` newest first: the message it answers is tried before older ones. */
  refs: string[];
  subject: string;
  /** Bare addresses of the message, added to the thread's participants. */
  addresses: string[];
  at: Date;
}

/**
 * RFC 8621 section 3: a message joins the thread of a message of the same mailbox named by its In-Reply-To or
 * References when both base subjects (without Re:/Fwd:/[list]) are equal; otherwise it starts a thread. Counters
 * move in the caller's transaction.
 */
export async function assignThread(tx: EntityManager, key: ThreadKey): Promise<MailThread> {
  const base = baseSubject(key.subject);
  let thread: MailThread | null = null;
  if (key.refs.length > 0) {
    const named = await tx.find(
      MailMessage,
      { mailboxId: key.mailboxId, messageId: { $in: key.refs } },
      { fields: ['id', 'messageId', 'threadId'] },
    );
    for (const ref of key.refs) {
      const hit = named.find((m) => m.messageId === ref);
      if (!hit) continue;
      const candidate = await tx.findOne(MailThread, { id: hit.threadId });
      if (candidate && candidate.baseSubject === base) {
        thread = candidate;
        break;
      }
    }
  }
  if (!thread) {
    thread = tx.create(MailThread, {
      id: newId('thd'),
      organizationId: tenantOf(tx),
      mailboxId: key.mailboxId,
      subject: key.subject,
      baseSubject: base,
      participants: [],
      messageCount: 0,
      lastMessageAt: key.at,
    });
  }
  thread.messageCount += 1;
  if (key.at > thread.lastMessageAt) thread.lastMessageAt = key.at;
  const participants = new Set(thread.participants);
  for (const a of key.addresses) participants.add(a);
  thread.participants = [...participants];
  await tx.flush(); // the thread row first: messages reference it (no ORM relation orders the inserts)
  return thread;
}

/** The references a reply or forward carries: the original's References plus its Message-ID (RFC 5322 3.6.4). */
export function replyReferences(original: Pick<MailMessage, 'references' | 'messageId' | 'inReplyTo'>): string[] {
  const base = original.references.length > 0 ? original.references : original.inReplyTo ? [original.inReplyTo] : [];
  return [...base.filter((r) => r !== original.messageId), original.messageId].slice(-50);
}
