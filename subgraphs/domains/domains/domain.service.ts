import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { offsetMeta, resolvePage } from '../../../platform/pagination/offset-page.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import { Domain } from '../entities/domain.entity.js';
import { CONTACT_TYPES, DOMAIN_STATUSES, type ContactType, type DomainStatus } from '../entities/domain-status.js';
import type { ContactSet } from '../entities/contact.js';
import { parseDomainName, parseHostName } from '../names/domain-name.js';
import { quote, times } from '../names/pricing.js';
import type { DomainsDeps } from '../domains-deps.js';
import { emitDomainEvent, notifyZoneChanged } from '../shared/domain-events.js';
import { findDomain, heldDomain, nextSerial, registrarCall } from '../shared/domain-lookup.js';
import type { ContactInput } from '../shared/contact.types.js';
import { contactData, domainView } from './domain-view.js';
import type {
  DomainListArgs,
  DomainSettingsInput,
  DomainView,
  NameserversInput,
  RegisterDomainInput,
  RenewDomainInput,
} from './domain.types.js';

export const DOMAIN_PAGE = { defaultCount: 50, maxCount: 100 };

const addYears = (from: Date, years: number) => {
  const at = new Date(from);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at;
};

/** Registration, renewal, settings, name servers, contacts and auth codes of an organization's domains. */
export class DomainService {
  constructor(private readonly deps: DomainsDeps) {}

  async register(em: EntityManager, input: RegisterDomainInput): Promise<DomainView> {
    const name = parseDomainName(input.domainName, this.deps.domains.tlds);
    const years = input.years ?? 1;
    const registrant = contactData(input.registrant);
    const contacts: ContactSet = { registrant, admin: registrant, tech: registrant, billing: registrant };
    try {
      return await em.transactional(async (tx) => {
        const mine = await tx.findOne(Domain, { domainName: name.ascii, status: { $ne: 'TRANSFERRED_OUT' } });
        if (mine)
          throw new DomainError('CONFLICT', `${name.ascii} is already registered to you`, { domainName: name.ascii });
        if (await heldOnPlatform(tx, name.ascii)) throw unavailable(name.ascii);
        const call = registrarCall(tx, this.deps.clock);
        const availability = (await this.deps.registrar.check(call, [name.ascii])).get(name.ascii);
        if (!availability?.available) throw unavailable(name.ascii);
        const price = availability.price ?? quote(this.deps.domains, name, 'register').price;
        const settings = { locked: true, whoisPrivacy: input.whoisPrivacy ?? true, autoRenew: input.autoRenew ?? true };
        const { expiresAt } = await this.deps.registrar.register(call, {
          domainName: name.ascii,
          years,
          nameservers: this.deps.domains.nameservers,
          contacts,
          price,
          ...settings,
        });
        const domain = tx.create(Domain, {
          id: newId('dom'),
          organizationId: call.organizationId,
          domainName: name.ascii,
          unicodeName: name.unicode,
          tld: name.tld,
          status: 'ACTIVE',
          registeredAt: call.now,
          expiresAt,
          autoRenew: settings.autoRenew,
          whoisPrivacy: settings.whoisPrivacy,
          registrarLock: settings.locked,
          nameservers: this.deps.domains.nameservers,
          contacts,
          soaSerial: nextSerial(0, call.now),
        });
        await tx.flush();
        await emitDomainEvent(tx, 'domain.registered', domain, { years, price: times(price, years), currency: 'USD' });
        await notifyZoneChanged(tx, domain.domainName);
        return domainView(domain);
      });
    } catch (error) {
      // Two organizations racing for one name: the partial unique index lets one through.
      if (error instanceof UniqueConstraintViolationException) throw unavailable(name.ascii);
      throw error;
    }
  }

  async renew(em: EntityManager, domainName: string, input: RenewDomainInput): Promise<DomainView> {
    const years = input.years ?? 1;
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      const maxExpiry = addYears(this.deps.clock.now(), 10);
      if (addYears(new Date(domain.expiresAt), years) > maxExpiry) {
        throw invalid(
          'years',
          years,
          'a registration of at most 10 years from today',
          'A registration cannot run more than 10 years ahead',
        );
      }
      const name = parseDomainName(domain.domainName, this.deps.domains.tlds);
      const price = quote(this.deps.domains, name, 'renew').price;
      const { expiresAt } = await this.deps.registrar.renew(
        registrarCall(tx, this.deps.clock),
        domain.domainName,
        years,
        price,
      );
      const wasExpired = domain.status === 'EXPIRED';
      domain.expiresAt = expiresAt;
      domain.status = 'ACTIVE';
      await tx.flush();
      await emitDomainEvent(tx, 'domain.renewed', domain, {
        years,
        price: times(price, years),
        currency: 'USD',
        automatic: false,
      });
      if (wasExpired) await notifyZoneChanged(tx, domain.domainName);
      return domainView(domain);
    });
  }

  async list(em: EntityManager, args: DomainListArgs) {
    const page = resolvePage(args, DOMAIN_PAGE);
    const where: Record<string, unknown> = {};
    if (args.status != null) {
      if (!DOMAIN_STATUSES.includes(args.status as DomainStatus)) throw invalid('status', args.status, DOMAIN_STATUSES);
      where.status = args.status;
    }
    if (args.expiringWithinDays != null) {
      const now = this.deps.clock.now();
      where.expiresAt = { $gte: now, $lte: new Date(now.getTime() + args.expiringWithinDays * 86_400_000) };
    }
    const { rows, total } = await findPage(em, Domain, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'asc', id: 'asc' },
    });
    return { data: rows.map(domainView), meta: offsetMeta(page, rows.length, total) };
  }

  async get(em: EntityManager, domainName: string): Promise<DomainView> {
    return domainView(await findDomain(em, domainName));
  }

  async updateSettings(em: EntityManager, domainName: string, input: DomainSettingsInput): Promise<DomainView> {
    const changes = {
      autoRenew: input.autoRenew ?? undefined,
      whoisPrivacy: input.whoisPrivacy ?? undefined,
      registrarLock: input.registrarLock ?? undefined,
    };
    if (Object.values(changes).every((v) => v === undefined))
      throw invalid('body', {}, 'at least one of autoRenew, whoisPrivacy, registrarLock');
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      await this.deps.registrar.updateSettings(registrarCall(tx, this.deps.clock), domain.domainName, {
        locked: changes.registrarLock,
        whoisPrivacy: changes.whoisPrivacy,
        autoRenew: changes.autoRenew,
      });
      if (changes.autoRenew !== undefined) domain.autoRenew = changes.autoRenew;
      if (changes.whoisPrivacy !== undefined) domain.whoisPrivacy = changes.whoisPrivacy;
      if (changes.registrarLock !== undefined) domain.registrarLock = changes.registrarLock;
      await tx.flush();
      return domainView(domain);
    });
  }

  async authCode(em: EntityManager, domainName: string) {
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      return {
        domainName: domain.domainName,
        authCode: await this.deps.registrar.authCode(registrarCall(tx, this.deps.clock), domain.domainName),
      };
    });
  }

  async setNameservers(em: EntityManager, domainName: string, input: NameserversInput): Promise<DomainView> {
    const nameservers = input.nameservers.map((raw, i) => {
      const host = parseHostName(raw);
      if (!host) throw invalid(`nameservers.${i}`, raw, 'a host name such as ns1.example.net');
      return host;
    });
    if (new Set(nameservers).size !== nameservers.length)
      throw invalid('nameservers', input.nameservers, 'distinct host names');
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      await this.deps.registrar.setNameservers(registrarCall(tx, this.deps.clock), domain.domainName, nameservers);
      domain.nameservers = nameservers;
      domain.soaSerial = nextSerial(domain.soaSerial, this.deps.clock.now());
      await tx.flush();
      await emitDomainEvent(tx, 'dns.changed', domain, { change: 'nameservers', nameservers });
      await notifyZoneChanged(tx, domain.domainName);
      return domainView(domain);
    });
  }

  async contacts(em: EntityManager, domainName: string) {
    const domain = await findDomain(em, domainName);
    return { domainName: domain.domainName, ...domain.contacts };
  }

  async setContact(em: EntityManager, domainName: string, contactType: string, input: ContactInput) {
    if (!CONTACT_TYPES.includes(contactType as ContactType)) throw invalid('contactType', contactType, CONTACT_TYPES);
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      const contacts = { ...domain.contacts, [contactType]: contactData(input) } as ContactSet;
      await this.deps.registrar.setContacts(registrarCall(tx, this.deps.clock), domain.domainName, contacts);
      domain.contacts = contacts;
      await tx.flush();
      return { domainName: domain.domainName, ...contacts };
    });
  }
}

const unavailable = (domainName: string) =>
  new DomainError('DOMAIN_UNAVAILABLE', `${domainName} is not available`, { domainName });

/** Whether any organization of the platform holds the name (the partial unique index settles races; this gives the answer early). */
export async function heldOnPlatform(em: EntityManager, domainName: string): Promise<boolean> {
  const rows = await crossTenantSql(
    em,
    'a name is held once on the whole platform; only a yes/no leaves this function',
  ).rows(sql`select 1 from domains.domains where domain_name = ${domainName} and status <> 'TRANSFERRED_OUT' limit 1`);
  return rows.length > 0;
}
