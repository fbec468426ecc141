import { platformMailRecords, type MailRecord } from '../../../platform/mail/mail-records.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { offsetMeta, resolvePage } from '../../../platform/pagination/offset-page.js';
import { DnsRecord, DNS_RECORD_TYPES, type DnsRecordType } from '../entities/dns-record.entity.js';
import type { Domain } from '../entities/domain.entity.js';
import type { DomainsDeps } from '../domains-deps.js';
import { emitDomainEvent, notifyZoneChanged } from '../shared/domain-events.js';
import { findDomain, heldDomain, nextSerial } from '../shared/domain-lookup.js';
import { canonicalRecord, type CanonicalRecord, type RecordRequest } from './record-rules.js';
import type {
  DnsPresetInput,
  DnsPresetResult,
  DnsRecordInput,
  DnsRecordListArgs,
  DnsRecordView,
  UpdateDnsRecordInput,
} from './dns-record.types.js';

export const DNS_PAGE = { defaultCount: 100, maxCount: 500 };

/** Records of a zone: every change locks the domain row, bumps the SOA serial and emits dns.changed in one transaction. */
export class DnsRecordService {
  constructor(private readonly deps: DomainsDeps) {}

  async list(em: EntityManager, args: DnsRecordListArgs) {
    const page = resolvePage(args, DNS_PAGE);
    const domain = await findDomain(em, args.domainName);
    const where: Record<string, unknown> = { domainId: domain.id };
    if (args.type != null) {
      const type = args.type.toUpperCase();
      if (!DNS_RECORD_TYPES.includes(type as DnsRecordType)) throw invalid('type', args.type, DNS_RECORD_TYPES);
      where.type = type;
    }
    const { rows, total } = await findPage(em, DnsRecord, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { name: 'asc', type: 'asc', createdAt: 'asc', id: 'asc' },
    });
    return { data: rows.map((r) => recordView(domain.domainName, r)), meta: offsetMeta(page, rows.length, total) };
  }

  async create(em: EntityManager, domainName: string, input: DnsRecordInput): Promise<DnsRecordView> {
    return this.change(em, domainName, async (tx, domain) => {
      const record = await this.insert(tx, domain, canonicalRecord(domain.domainName, input));
      return {
        result: recordView(domain.domainName, record),
        change: { action: 'created', record: recordView(domain.domainName, record) },
      };
    });
  }

  async update(
    em: EntityManager,
    domainName: string,
    recordId: string,
    input: UpdateDnsRecordInput,
  ): Promise<DnsRecordView> {
    return this.change(em, domainName, async (tx, domain) => {
      const record = await tx.findOne(DnsRecord, { id: recordId, domainId: domain.id });
      if (!record) throw new DomainError('NOT_FOUND', 'DNS record not found');
      const next = canonicalRecord(domain.domainName, {
        type: record.type,
        name: input.name ?? record.name,
        value: input.value ?? record.value,
        ttl: input.ttl ?? record.ttl,
        // A new MX value written "20 host" brings its own priority.
        priority:
          input.priority ??
          (record.type === 'MX' && input.value && /^\s*\d+\s/.test(input.value) ? null : record.priority),
      });
      await this.checkRules(tx, domain, next, record.id);
      Object.assign(record, {
        name: next.name,
        value: next.value,
        ttl: next.ttl,
        priority: next.priority,
        rdataKey: next.rdataKey,
      });
      await tx.flush();
      return {
        result: recordView(domain.domainName, record),
        change: { action: 'updated', record: recordView(domain.domainName, record) },
      };
    });
  }

  async delete(em: EntityManager, domainName: string, recordId: string) {
    return this.change(em, domainName, async (tx, domain) => {
      const record = await tx.findOne(DnsRecord, { id: recordId, domainId: domain.id });
      if (!record) throw new DomainError('NOT_FOUND', 'DNS record not found');
      const view = recordView(domain.domainName, record);
      tx.remove(record);
      await tx.flush();
      return { result: { id: recordId, deleted: true }, change: { action: 'deleted', record: view } };
    });
  }

  async applyPreset(em: EntityManager, domainName: string, input: DnsPresetInput): Promise<DnsPresetResult> {
    if (input.preset !== 'SERVICE_EMAIL') throw invalid('preset', input.preset, ['SERVICE_EMAIL']);
    return this.change(em, domainName, async (tx, domain) => {
      const wanted = await this.emailPreset(tx, domain);
      const existing = await tx.find(DnsRecord, { domainId: domain.id });
      const created: DnsRecord[] = [];
      const all: DnsRecord[] = [];
      for (const request of wanted) {
        const canonical = canonicalRecord(domain.domainName, request);
        const same = existing.find(
          (r) => r.name === canonical.name && r.type === canonical.type && r.rdataKey === canonical.rdataKey,
        );
        if (same) {
          all.push(same);
          continue;
        }
        const record = await this.insert(tx, domain, canonical);
        created.push(record);
        all.push(record);
      }
      const views = (rows: DnsRecord[]) => rows.map((r) => recordView(domain.domainName, r));
      return {
        result: { preset: input.preset, created: views(created), records: views(all) },
        change: { action: 'preset', preset: input.preset, records: views(created) },
      };
    });
  }

  /**
   * SERVICE_EMAIL: the platform's one set of mail records (platform/mail/mail-records.ts: MX to the inbound host, SPF
   * including the platform's mail, the domain's DKIM key the email module signs with, DMARC in monitoring mode), the
   * same an agent mailbox custom domain asks for, written relative to the zone.
   */
  private async emailPreset(tx: EntityManager, domain: Domain): Promise<RecordRequest[]> {
    const dkim = await this.deps.dkimKeys.ensure(tx, domain.domainName);
    const records = platformMailRecords(
      { spfInclude: this.deps.domains.spfInclude, mxHost: this.deps.config.inboundMxHost },
      domain.domainName,
      dkim,
    );
    const relative = (name: string) =>
      name === domain.domainName ? '@' : name.slice(0, -(domain.domainName.length + 1));
    const order: MailRecord['purpose'][] = ['spf', 'dkim', 'dmarc', 'mx'];
    return order
      .map((purpose) => records.find((r) => r.purpose === purpose)!)
      .map((r) => ({
        type: r.type,
        name: relative(r.name),
        value: r.value,
        ...(r.priority !== undefined ? { priority: r.priority } : {}),
        ttl: 3600,
      }));
  }

  /** One change of a zone: the domain row locked, the work, the SOA serial bumped, dns.changed and the zone NOTIFY. */
  private async change<T>(
    em: EntityManager,
    domainName: string,
    work: (tx: EntityManager, domain: Domain) => Promise<{ result: T; change: Record<string, unknown> }>,
  ): Promise<T> {
    try {
      return await em.transactional(async (tx) => {
        const domain = await heldDomain(tx, domainName);
        const { result, change } = await work(tx, domain);
        domain.soaSerial = nextSerial(domain.soaSerial, this.deps.clock.now());
        await tx.flush();
        await emitDomainEvent(tx, 'dns.changed', domain, change);
        await notifyZoneChanged(tx, domain.domainName);
        return result;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw recordExists();
      throw error;
    }
  }

  private async insert(tx: EntityManager, domain: Domain, record: CanonicalRecord): Promise<DnsRecord> {
    await this.checkRules(tx, domain, record);
    // The domain row is locked for the change, so the count cannot race another create.
    const limit = this.deps.domains.maxRecordsPerZone;
    if ((await tx.count(DnsRecord, { domainId: domain.id })) >= limit) {
      throw new DomainError(
        'CONFLICT',
        `${domain.domainName} holds its limit of ${limit} records; delete one before adding another`,
        { limit },
      );
    }
    const row = tx.create(DnsRecord, {
      id: newId('dnsrec'),
      organizationId: domain.organizationId,
      domainId: domain.id,
      ...record,
    });
    await tx.flush();
    return row;
  }

  /** Exact duplicates, and a CNAME beside any other data at its name (RFC 1034 3.6.2). */
  private async checkRules(
    tx: EntityManager,
    domain: Domain,
    record: CanonicalRecord,
    exceptId?: string,
  ): Promise<void> {
    const atName = (await tx.find(DnsRecord, { domainId: domain.id, name: record.name })).filter(
      (r) => r.id !== exceptId,
    );
    if (atName.some((r) => r.type === record.type && r.rdataKey === record.rdataKey)) throw recordExists();
    if (record.type === 'CNAME' && atName.length > 0) {
      throw new DomainError(
        'INVALID_DNS_RECORD',
        `${record.name} already has records; a CNAME must be alone at its name`,
        { field: 'name', received: record.name, expected: 'a name without other records' },
      );
    }
    if (record.type !== 'CNAME' && atName.some((r) => r.type === 'CNAME')) {
      throw new DomainError('INVALID_DNS_RECORD', `${record.name} is a CNAME; no other record may sit beside it`, {
        field: 'name',
        received: record.name,
        expected: 'a name without a CNAME',
      });
    }
    if (record.type === 'CNAME') await this.checkNoLoop(tx, domain, record, exceptId);
  }

  /** A CNAME may not point at itself, nor start a chain inside the zone that comes back to it. */
  private async checkNoLoop(
    tx: EntityManager,
    domain: Domain,
    record: CanonicalRecord,
    exceptId?: string,
  ): Promise<void> {
    const fqdn = (name: string) => (name === '@' ? domain.domainName : `${name}.${domain.domainName}`);
    const targets = new Map(
      (await tx.find(DnsRecord, { domainId: domain.id, type: 'CNAME' }))
        .filter((r) => r.id !== exceptId)
        .map((r) => [fqdn(r.name), r.value]),
    );
    const start = fqdn(record.name);
    let target: string | undefined = record.value;
    for (let hops = 0; target !== undefined && hops <= targets.size; hops++) {
      if (target === start) {
        throw new DomainError(
          'INVALID_DNS_RECORD',
          hops === 0 ? 'A CNAME cannot point at its own name' : `This CNAME would close a loop through ${record.value}`,
          { field: 'value', received: record.value, expected: 'a name that does not lead back to this one' },
        );
      }
      target = targets.get(target);
    }
  }
}

const recordExists = () => new DomainError('DNS_RECORD_EXISTS', 'This exact record already exists');

export function recordView(domainName: string, r: DnsRecord): DnsRecordView {
  return {
    id: r.id,
    domainName,
    type: r.type,
    name: r.name,
    fqdn: r.name === '@' ? domainName : `${r.name}.${domainName}`,
    value: r.value,
    ttl: r.ttl,
    priority: r.priority,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}
