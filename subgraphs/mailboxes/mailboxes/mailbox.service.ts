import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { Mailbox } from '../entities/mailbox.entity.js';
import { MailDomain } from '../entities/mail-domain.entity.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { MailThread } from '../entities/mail-thread.entity.js';
import { MailLabel } from '../entities/mail-label.entity.js';
import { mailboxPage } from '../shared/mailbox-page.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { forgetWebhookResource, registerWebhookResource } from '../../../platform/events/webhook-resources.js';
import { claimInboundAddress, releaseInboundAddress } from '../../../platform/mail/inbound-addresses.js';

import type { CreateMailboxInput, MailboxDeleted, MailboxList } from './mailbox.types.js';

/** The webhook namespace of agent mailboxes (platform/events/event-catalog.ts), whose webhooks narrow to one mailbox. */
const WEBHOOK_NAMESPACE = 'mailboxes';
/** How mailboxes appear in the platform's inbound address namespace: the name of their inbound mail handler. */
export const INBOUND_MODULE = 'mailboxes';

/** Mailboxes: create on the default or a verified custom domain, list, get, delete with everything in it. */
export class MailboxService {
  constructor(private readonly deps: MailboxesDeps) {}

  async create(em: EntityManager, input: CreateMailboxInput): Promise<Mailbox> {
    const domain = (input.domain ?? this.deps.config.mailboxDefaultDomain).toLowerCase();
    if (domain !== this.deps.config.mailboxDefaultDomain) {
      const custom = await em.findOne(MailDomain, { domain });
      if (!custom || custom.status !== 'verified')
        throw new DomainError('DOMAIN_NOT_VERIFIED', `Domain ${domain} is not a verified domain of this organization`);
    }
    const name = input.name.toLowerCase();
    const address = `${name}@${domain}`;
    try {
      return await em.transactional(async (tx) => {
        const mailbox = tx.create(Mailbox, { id: newId('mbx'), organizationId: tenantOf(tx), address, name, domain });
        await tx.flush();
        // One inbound namespace with support inboxes: an address another resource holds is a 409, and so is an
        // address on a domain another organization verified.
        await claimInboundAddress(tx, INBOUND_MODULE, mailbox.id, address);
        await registerWebhookResource(tx, WEBHOOK_NAMESPACE, mailbox.id); // webhooks may now be narrowed to it
        return mailbox;
      });
    } catch (error) {
      // The unique index settles two creates racing for one address, in any organization.
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('CONFLICT', `The address ${address} is taken`);
      throw error;
    }
  }

  async list(em: EntityManager, limit?: number | null, offset?: number | null): Promise<MailboxList> {
    const page = mailboxPage(limit, offset);
    const [data, total] = await em.findAndCount(
      Mailbox,
      {},
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data, meta: { total, ...page } };
  }

  async get(em: EntityManager, id: string): Promise<Mailbox> {
    return findMailbox(em, id);
  }

  /**
   * Its messages, threads and labels go with it; its webhooks too: at once with the webhooks module in this process,
   * else by the job the port relays to the webhooks process (docs/operations.md).
   */
  async delete(em: EntityManager, id: string): Promise<MailboxDeleted> {
    const mailbox = await findMailbox(em, id);
    await em.transactional(async (tx) => {
      await tx.nativeDelete(MailMessage, { mailboxId: mailbox.id });
      await tx.nativeDelete(MailThread, { mailboxId: mailbox.id });
      await tx.nativeDelete(MailLabel, { mailboxId: mailbox.id });
      await tx.nativeDelete(Mailbox, { id: mailbox.id });
      await releaseInboundAddress(tx, INBOUND_MODULE, mailbox.id);
      await forgetWebhookResource(tx, WEBHOOK_NAMESPACE, mailbox.id);
      await this.deps.ports().webhookSubscriptions?.removeForResource(tx, WEBHOOK_NAMESPACE, { mailboxId: mailbox.id });
    });
    return { id, deleted: true };
  }
}

/** A mailbox of the caller's organization by id (or address), else MAILBOX_NOT_FOUND. */
export async function findMailbox(em: EntityManager, idOrAddress: string): Promise<Mailbox> {
  const mailbox = idOrAddress.includes('@')
    ? await em.findOne(Mailbox, { address: idOrAddress.toLowerCase() })
    : await em.findOne(Mailbox, { id: idOrAddress });
  if (!mailbox) throw new DomainError('MAILBOX_NOT_FOUND', 'Mailbox not found');
  return mailbox;
}
