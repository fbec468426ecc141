import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { Mailbox } from '../entities/mailbox.entity.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { bareOf } from '../shared/addresses.js';
import { tenantForkInTransaction } from '../shared/tenant-fork.js';
import { storeInbound } from '../inbound/store-inbound.js';
import { messageEventData } from '../messages/message-view.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { SEND_MESSAGE_JOB, type SendMessageJobData } from './send-message.job-name.js';
import { EMAIL_STATUS_JOB } from './email-status.job.js';

/**
 * Sends one message, in one transaction with the row locked: only a `queued` or `scheduled` message goes (a re-run
 * or a cancelled one does nothing). Recipients that are mailboxes of this platform get it at once, inside the
 * platform (their organization's `message.received` in the same commit); the others go through the email module's
 * sending path (the system-email port). All local: `delivered`; otherwise `sent`, until the email module reports
 * (its outcome job, jobs/email-status.job.ts).
 */
export function sendMessageJob(deps: MailboxesDeps): JobDefinition<SendMessageJobData> {
  return {
    name: SEND_MESSAGE_JOB,
    handler: async (data, { em, logger }) => {
      await em.transactional(async (tx) => {
        const message = await tx.findOne(
          MailMessage,
          { id: data.messageId },
          { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['html', 'attachments'] },
        );
        if (!message || (message.status !== 'queued' && message.status !== 'scheduled')) {
          logger.debug('mailbox message not sendable; skipped', { messageId: data.messageId, status: message?.status });
          return;
        }
        const recipients = [
          ...new Set(
            [...message.to, ...message.cc, ...message.bcc].map((e) => bareOf(e)).filter((a): a is string => !!a),
          ),
        ];
        const locals = await tx.find(Mailbox, { address: { $in: recipients } }, { filters: false });
        const localAddresses = new Set(locals.map((m) => m.address));
        const now = new Date();
        for (const mailbox of locals) await deliverLocally(tx, message, mailbox, now);
        const external = recipients.filter((a) => !localAddresses.has(a));
        if (external.length > 0) {
          const sender = deps.ports().systemEmail;
          if (!sender) {
            message.status = 'failed';
            message.bounceReason = 'No sending path for outside recipients in this process';
            logger.warn('mailbox message failed: the email module is not served here', { messageId: message.id });
            return;
          }
          message.emailMessageIds = await sendOutside(tx, sender, message, external);
        }
        message.status = external.length === 0 ? 'delivered' : 'sent';
        message.sentAt = now;
        if (external.length === 0) message.deliveredAt = now;
        await tx.flush();
        await emitEvent(tx, 'message.sent', { ...messageEventData(message), sentAt: now.toISOString() });
        if (message.status === 'delivered')
          await emitEvent(tx, 'message.delivered', { ...messageEventData(message), deliveredAt: now.toISOString() });
      });
    },
  };
}

/** The recipient mailbox's copy, in its own organization, in this transaction. */
async function deliverLocally(tx: EntityManager, message: MailMessage, mailbox: Mailbox, at: Date) {
  const theirs = tenantForkInTransaction(tx, mailbox.organizationId);
  await storeInbound(theirs, mailbox, {
    messageId: message.messageId,
    inReplyTo: message.inReplyTo,
    references: message.references,
    from: message.from,
    fromAddress: message.fromAddress,
    to: message.to,
    cc: message.cc,
    addresses: message.addresses,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: {
      ...message.headers,
      'message-id': message.messageId,
      from: message.from,
      to: message.to.join(', '),
      subject: message.subject,
      ...(message.cc.length > 0 ? { cc: message.cc.join(', ') } : {}),
      ...(message.inReplyTo ? { 'in-reply-to': message.inReplyTo } : {}),
      ...(message.references.length > 0 ? { references: message.references.join(' ') } : {}),
    },
    attachments: message.attachments,
    auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
    receivedAt: at,
  });
}

/**
 * One email for the To and Cc recipients outside the platform (the first To as `to`, the others as Cc: the port
 * takes one `to`), and one per Bcc recipient, so no Bcc address shows in any header.
 */
async function sendOutside(
  tx: EntityManager,
  sender: NonNullable<ReturnType<MailboxesDeps['ports']>['systemEmail']>,
  message: MailMessage,
  external: string[],
): Promise<string[]> {
  const outside = new Set(external);
  const bcc = new Set(message.bcc.map((e) => bareOf(e)).filter((a): a is string => !!a && outside.has(a)));
  const visible = [...message.to, ...message.cc].filter(
    (e) => outside.has(bareOf(e) ?? '') && !bcc.has(bareOf(e) ?? ''),
  );
  const headers: Record<string, string> = { ...message.headers, 'Message-ID': message.messageId };
  if (message.inReplyTo) headers['In-Reply-To'] = message.inReplyTo;
  if (message.references.length > 0) headers.References = message.references.join(' ');
  const base = {
    organizationId: message.organizationId,
    kind: 'mailbox-message',
    subject: message.subject,
    text: message.text ?? '',
    html: message.html ?? undefined,
    from: message.from,
    headers,
    outcomeJob: { name: EMAIL_STATUS_JOB, ref: message.id },
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
  const ids: string[] = [];
  if (visible.length > 0) {
    const id = await sender.send(tx, { ...base, to: visible[0]!, cc: visible.slice(1) });
    if (id) ids.push(id);
  }
  for (const address of bcc) {
    const id = await sender.send(tx, { ...base, to: address });
    if (id) ids.push(id);
  }
  return ids;
}
