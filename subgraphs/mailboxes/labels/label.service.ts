import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { MailLabel } from '../entities/mail-label.entity.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { findMailbox } from '../mailboxes/mailbox.service.js';
import { findMessage } from '../messages/message.service.js';
import { fullMessage } from '../messages/message-view.js';
import type { MailboxMessageView } from '../messages/message.types.js';
import type { CreateLabelInput, LabelView } from './label.types.js';

/** Labels of a mailbox, and the labels on its messages (by name). */
export class LabelService {
  async list(em: EntityManager, mailboxId: string): Promise<LabelView[]> {
    const mailbox = await findMailbox(em, mailboxId);
    return em.find(MailLabel, { mailboxId: mailbox.id }, { orderBy: { name: 'asc' } });
  }

  async create(em: EntityManager, mailboxId: string, input: CreateLabelInput): Promise<LabelView> {
    const mailbox = await findMailbox(em, mailboxId);
    const label = em.create(MailLabel, {
      id: newId('lbl'),
      organizationId: tenantOf(em),
      mailboxId: mailbox.id,
      name: input.name,
      color: input.color.toLowerCase(),
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('CONFLICT', `The mailbox already has a label named ${input.name}`);
      throw error;
    }
    return label;
  }

  /** Removes the label and takes it off every message of the mailbox. */
  async delete(em: EntityManager, mailboxId: string, name: string): Promise<LabelView> {
    const mailbox = await findMailbox(em, mailboxId);
    return em.transactional(async (tx) => {
      const label = await tx.findOne(MailLabel, { mailboxId: mailbox.id, name });
      if (!label) throw new DomainError('NOT_FOUND', `Label ${name} not found`);
      await tx.nativeDelete(MailLabel, { id: label.id });
      await tenantSql(tx).run(sql`update mailboxes.messages set labels = array_remove(labels, ${name})
        where organization_id = ${ORG} and mailbox_id = ${mailbox.id} and labels @> array[${name}]::text[]`);
      return label;
    });
  }

  /** Adds labels that exist in the message's mailbox (an unknown name is a 400 naming it). */
  async addToMessage(em: EntityManager, messageId: string, names: string[]): Promise<MailboxMessageView> {
    const message = await findMessage(em, messageId);
    const unique = [...new Set(names)];
    const known = await em.find(MailLabel, { mailboxId: message.mailboxId, name: { $in: unique } });
    const missing = unique.find((n) => !known.some((l) => l.name === n));
    if (missing !== undefined)
      throw new DomainError('VALIDATION_ERROR', `The mailbox has no label named ${missing}; create it first`, {
        field: 'labels',
        received: missing,
        expected: 'a label of the mailbox',
      });
    await tenantSql(em).run(sql`update mailboxes.messages
      set labels = array(select distinct unnest(labels || array[${unique}]::text[]) order by 1)
      where organization_id = ${ORG} and id = ${message.id}`);
    return this.reload(em, message.id);
  }

  async removeFromMessage(em: EntityManager, messageId: string, name: string): Promise<MailboxMessageView> {
    const message = await findMessage(em, messageId);
    if (!message.labels.includes(name)) throw new DomainError('NOT_FOUND', `The message has no label ${name}`);
    await tenantSql(em).run(
      sql`update mailboxes.messages set labels = array_remove(labels, ${name}) where organization_id = ${ORG} and id = ${message.id}`,
    );
    return this.reload(em, message.id);
  }

  private async reload(em: EntityManager, id: string): Promise<MailboxMessageView> {
    em.clear();
    return fullMessage((await em.findOne(MailMessage, { id }, { populate: ['html', 'attachments'] }))!);
  }
}
