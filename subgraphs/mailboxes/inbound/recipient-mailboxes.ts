import type { EntityManager } from '@mikro-orm/postgresql';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import type { Mailbox } from '../entities/mailbox.entity.js';

/** What inbound delivery needs of a recipient's mailbox. */
export type RecipientMailbox = Pick<Mailbox, 'id' | 'organizationId' | 'domain'>;

/** How long a mailbox found by address answers for it without asking the database again. */
export const RECIPIENT_MEMO_MS = 2_000;
const MEMO_LIMIT = 10_000;

/**
 * Mailboxes by address for inbound SMTP: one light query per address, remembered for RECIPIENT_MEMO_MS so that the
 * DATA after a RCPT, and a stream of mail to one mailbox, do not ask again (two ORM round trips per message were a
 * fifth of the listener's time). Only found mailboxes are remembered, so a new mailbox receives at once. A mailbox
 * deleted within the memo's time is still claimed; its message then fails the store's foreign key and the sender
 * gets 451 (it retries, and is then refused at RCPT): nothing acknowledged is lost.
 */
export class RecipientMailboxes {
  private readonly memo = new Map<string, { mailbox: RecipientMailbox; until: number }>();

  constructor(
    private readonly em: () => EntityManager,
    private readonly now: () => number = Date.now,
  ) {}

  async find(address: string): Promise<RecipientMailbox | null> {
    const at = this.now();
    const hit = this.memo.get(address);
    if (hit && hit.until > at) return hit.mailbox;
    // Addresses are looked up across organizations on purpose: the recipient decides the tenant.
    const [row] = await crossTenantSql(this.em(), 'inbound mail: the recipient address names the organization').rows<{
      id: string;
      organization_id: string;
      domain: string;
    }>(sql`select id, organization_id, domain from mailboxes.mailboxes where address = ${address}`);
    if (!row) {
      this.memo.delete(address);
      return null;
    }
    const mailbox = { id: row.id, organizationId: row.organization_id, domain: row.domain };
    if (this.memo.size >= MEMO_LIMIT) this.forgetExpired(at);
    this.memo.set(address, { mailbox, until: at + RECIPIENT_MEMO_MS });
    return mailbox;
  }

  private forgetExpired(at: number) {
    for (const [address, entry] of this.memo) if (entry.until <= at) this.memo.delete(address);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
  }
}
