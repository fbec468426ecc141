import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { Mailbox } from '../entities/mailbox.entity.js';
import { MailMessage, type StoredAttachment } from '../entities/mail-message.entity.js';
import type { ParsedAddress } from '../shared/addresses.js';
import { assignThread } from '../threads/threading.js';
import { SEND_MESSAGE_JOB, type SendMessageJobData } from '../jobs/send-message.job-name.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { previewOf } from './message-view.js';

/** An outbound message after validation. */
export interface OutboundDraft {
  to: ParsedAddress[];
  cc: ParsedAddress[];
  bcc: ParsedAddress[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments: StoredAttachment[];
  headers: Record<string, string>;
  tags: string[];
  inReplyTo: string | null;
  references: string[];
  scheduledAt: Date | null;
}

/**
 * Stores an outbound message in its thread and enqueues its send job, in one transaction: the job exists only if
 * the message does, and runs at `scheduledAt` (Agenda on PostgreSQL: a restart loses none).
 */
export class OutboundService {
  constructor(private readonly deps: MailboxesDeps) {}

  async queue(tx: EntityManager, mailbox: Mailbox, draft: OutboundDraft): Promise<MailMessage> {
    if (!draft.html && !draft.text)
      throw new DomainError('VALIDATION_ERROR', 'html or text is required', {
        field: 'html',
        received: null,
        expected: 'html or text',
      });
    const now = this.deps.clock.now();
    const scheduled = draft.scheduledAt && draft.scheduledAt.getTime() > now.getTime() ? draft.scheduledAt : null;
    const id = newId('msg');
    const addresses = [
      ...new Set([mailbox.address, ...draft.to.map((a) => a.address), ...draft.cc.map((a) => a.address)]),
    ];
    const thread = await assignThread(tx, {
      mailboxId: mailbox.id,
      refs: [...(draft.inReplyTo ? [draft.inReplyTo] : []), ...[...draft.references].reverse()],
      subject: draft.subject,
      addresses,
      at: now,
    });
    const message = tx.create(MailMessage, {
      id,
      organizationId: tenantOf(tx),
      mailboxId: mailbox.id,
      threadId: thread.id,
      direction: 'outbound',
      status: scheduled ? 'scheduled' : 'queued',
      messageId: `<${id}@${mailbox.domain}>`,
      inReplyTo: draft.inReplyTo,
      references: draft.references,
      from: mailbox.address,
      fromAddress: mailbox.address,
      to: draft.to.map((a) => a.entry),
      cc: draft.cc.map((a) => a.entry),
      bcc: draft.bcc.map((a) => a.entry),
      addresses,
      subject: draft.subject,
      html: draft.html,
      text: draft.text,
      textPreview: previewOf(draft.text, draft.html),
      headers: draft.headers,
      attachments: [],
      attachmentCount: draft.attachments.length,
      tags: draft.tags,
      read: true,
      scheduledAt: scheduled,
      receivedAt: now,
    });
    await tx.flush();
    if (draft.attachments.length) await storeAttachments(tx, id, draft.attachments);
    const data: SendMessageJobData = { organizationId: message.organizationId, messageId: id };
    await this.deps.jobs.enqueue(
      tx,
      SEND_MESSAGE_JOB,
      data,
      scheduled ? this.deps.clock.wallTimeOf(scheduled) : new Date(),
    );
    return message;
  }
}

/**
 * The attachments (up to 25 MB, about 34 MB of base64) written beside the unit of work, serialized once and bound as
 * one parameter: through the entity, MikroORM would serialize and compare the array on each flush and inline it into
 * the statement's text, escaped character by character (seconds of main-thread work and garbage). The managed entity
 * keeps an empty list, so no later flush writes it again; the send job loads the column itself.
 */
async function storeAttachments(tx: EntityManager, id: string, attachments: StoredAttachment[]): Promise<void> {
  await tenantSql(tx).rowsBound(
    sql`update mailboxes.messages set attachments = ${JSON.stringify(attachments)}::jsonb
        where id = ${id} and organization_id = ${ORG}`,
  );
}
