import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { MailDomain, type RecordCheck } from '../entities/mail-domain.entity.js';
import { Mailbox } from '../entities/mailbox.entity.js';
import { mailboxPage } from '../shared/mailbox-page.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import type { DkimPublicKey } from '../../../platform/mail/dkim-keys.js';
import { claimVerifiedDomain, releaseVerifiedDomain } from '../../../platform/mail/inbound-addresses.js';
import {
  platformMailRecords,
  publishedTxtMatches,
  type MailRecord,
  type MailRecordSettings,
} from '../../../platform/mail/mail-records.js';
import { INBOUND_MODULE } from '../mailboxes/mailbox.service.js';
import type { CreateDomainInput, DomainDeleted, MailboxDomainList, MailboxDomainView } from './domain.types.js';

/**
 * Custom domains: the records to publish (MX, SPF, DKIM, DMARC), and their verification over DNS. The DKIM key is the
 * email module's for this organization and domain (the DKIM-key port): the one that signs the mailboxes' outbound mail.
 */
export class MailboxDomainService {
  constructor(private readonly deps: MailboxesDeps) {}

  async create(em: EntityManager, input: CreateDomainInput): Promise<MailboxDomainView> {
    const domain = input.domain.toLowerCase();
    if (domain === this.deps.config.mailboxDefaultDomain)
      throw new DomainError('CONFLICT', `${domain} is the platform's default domain`);
    try {
      // One transaction: a name taken by another organization leaves no key behind.
      const row = await em.transactional(async (tx) => {
        const created = tx.create(MailDomain, {
          id: newId('dom'),
          organizationId: tenantOf(tx),
          domain,
          status: 'pending',
          records: [],
        });
        created.records = this.expected(created, await this.deps.dkimKeys.ensure(tx, domain));
        await tx.flush();
        return created;
      });
      return domainView(row);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('CONFLICT', `The domain ${domain} is already registered`);
      throw error;
    }
  }

  async list(em: EntityManager, limit?: number | null, offset?: number | null): Promise<MailboxDomainList> {
    const page = mailboxPage(limit, offset);
    const [rows, total] = await em.findAndCount(
      MailDomain,
      {},
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(domainView), meta: { total, ...page } };
  }

  async get(em: EntityManager, id: string): Promise<MailboxDomainView> {
    return domainView(await find(em, id));
  }

  /** A domain with mailboxes on it cannot go (409): delete them first. */
  async delete(em: EntityManager, id: string): Promise<DomainDeleted> {
    const row = await find(em, id);
    if ((await em.count(Mailbox, { domain: row.domain })) > 0)
      throw new DomainError('CONFLICT', `Mailboxes still use ${row.domain}; delete them first`);
    await em.transactional(async (tx) => {
      await tx.nativeDelete(MailDomain, { id: row.id });
      await releaseVerifiedDomain(tx, INBOUND_MODULE, row.domain);
    });
    return { id, deleted: true };
  }

  /**
   * Looks every record up over DNS (DNS_RESOLVER) and keeps a verdict per record. All four found: `verified`, and
   * `domain.verified` fires on the change (not on a re-verification); otherwise `failed` until verified again.
   */
  async verify(em: EntityManager, id: string): Promise<MailboxDomainView> {
    const row = await find(em, id);
    const expected = this.expected(row, await this.deps.dkimKeys.ensure(em, row.domain));
    const checks = await Promise.all(expected.map((r) => this.check(r)));
    return em.transactional(async (tx) => {
      const fresh = (await tx.findOne(MailDomain, { id: row.id }))!;
      const ok = checks.every((c) => c.status === 'verified');
      const was = fresh.status;
      fresh.records = checks;
      fresh.lastCheckedAt = new Date();
      if (ok && was !== 'verified') {
        fresh.status = 'verified';
        fresh.verifiedAt = fresh.lastCheckedAt;
      } else if (!ok) {
        fresh.status = 'failed';
      }
      await tx.flush();
      // From now on no other organization may claim an address on this domain (a support inbox included).
      if (ok) await claimVerifiedDomain(tx, INBOUND_MODULE, fresh.domain);
      if (ok && was !== 'verified')
        await emitEvent(tx, 'domain.verified', {
          domainId: fresh.id,
          domain: fresh.domain,
          verifiedAt: fresh.verifiedAt!.toISOString(),
        });
      return domainView(fresh);
    });
  }

  /** The platform's one set of mail records (platform/mail/mail-records.ts), each with its verdict still pending. */
  private expected(row: MailDomain, dkim: DkimPublicKey): RecordCheck[] {
    return platformMailRecords(this.settings(), row.domain, dkim).map((r) => ({
      ...r,
      priority: r.priority ?? null,
      status: 'pending' as const,
      found: [],
    }));
  }

  private settings(): MailRecordSettings {
    return { spfInclude: this.deps.config.mailboxSpfInclude, mxHost: this.deps.config.inboundMxHost };
  }

  private async check(record: RecordCheck): Promise<RecordCheck> {
    try {
      if (record.type === 'MX') {
        const found = await this.deps.dns.mx(record.name);
        const want = this.deps.config.inboundMxHost;
        const ok = found.some((m) => m.exchange.toLowerCase().replace(/\.$/, '') === want);
        return {
          ...record,
          status: ok ? 'verified' : 'missing',
          found: found.map((m) => `${m.priority} ${m.exchange}`),
        };
      }
      const found = await this.deps.dns.txt(record.name);
      const ok = found.some((txt) =>
        publishedTxtMatches(record.purpose as MailRecord['purpose'], record.value, txt, this.settings()),
      );
      const relevant = found.filter((t) => /^v=(spf1|DKIM1|DMARC1)/i.test(t.trim()));
      return { ...record, status: ok ? 'verified' : 'missing', found: relevant.slice(0, 10) };
    } catch (error) {
      return { ...record, status: 'error', found: [(error as Error).message.slice(0, 200)] };
    }
  }
}

async function find(em: EntityManager, id: string): Promise<MailDomain> {
  const row = await em.findOne(MailDomain, { id });
  if (!row) throw new DomainError('NOT_FOUND', 'Domain not found');
  return row;
}

function domainView(row: MailDomain): MailboxDomainView {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    records: row.records.map(recordView),
    verifiedAt: row.verifiedAt,
    lastCheckedAt: row.lastCheckedAt,
    createdAt: row.createdAt,
  };
}

/** MX with its preference as a field; rows written before that hold "10 host" in the value. */
function recordView(record: RecordCheck): RecordCheck & { priority: number | null } {
  const legacy = record.type === 'MX' && record.priority == null ? /^(\d+)\s+(\S+)$/.exec(record.value) : null;
  if (legacy) return { ...record, value: legacy[2]!, priority: Number(legacy[1]) };
  return { ...record, priority: record.priority ?? null };
}
