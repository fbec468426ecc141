import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors/domain-error.js';
import { crossTenantSql, ORG, sql, tenantSql } from '../orm/tenant-sql.js';
import { tenantOf } from '../orm/tenant-of.js';

/**
 * One namespace for every address that receives mail on the platform's inbound SMTP listener (an agent mailbox, a
 * support inbox's email), kept as platform data (platform.inbound_addresses) so neither module reads the other's
 * tables. An address has one owner: the primary key settles two creates racing for it, in any organization, and the
 * listener hands a message to that owner only. Domains an organization verified for receiving mail
 * (platform.verified_domains) are that organization's: no other organization may claim an address on them.
 * See docs/decisions/0110-one-inbound-address-namespace.md.
 */

/** Who receives mail sent to an address. */
export interface InboundAddressOwner {
  organizationId: string;
  /** The claiming module, named as its inbound mail handler (`mailboxes`, `support`). */
  module: string;
  /** The module's id of the resource holding the address (a mailbox, an inbox). */
  resourceId: string;
}

/** Lower-cased, trimmed: how addresses are compared everywhere. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** Reads of the one namespace across organizations: they tell only whether another organization holds an address or domain. */
const NAMESPACE = 'the inbound address namespace spans organizations: only whether another one holds the name is read';

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * Claims `address` for the resource of `module` in the organization of `tx` (call it in the transaction that creates
 * or renames the resource, so a failed create leaves no claim). 409 CONFLICT when another resource holds the address,
 * or when the address is on a domain another organization verified. Claiming again for the same resource is a no-op.
 * A resource holds one address per module: its previous one is released.
 */
export async function claimInboundAddress(
  tx: EntityManager,
  module: string,
  resourceId: string,
  rawAddress: string,
): Promise<void> {
  const address = normalizeAddress(rawAddress);
  const db = tenantSql(tx);
  const domain = domainOf(address);
  const organizationId = tenantOf(tx);
  const [owner] = await crossTenantSql(tx, NAMESPACE).rows<{ owned: boolean }>(
    sql`select organization_id = ${organizationId} as owned from platform.verified_domains where domain = ${domain}`,
  );
  if (owner && !owner.owned) {
    throw new DomainError('CONFLICT', `The domain ${domain} is verified by another organization`, {
      field: 'address',
      received: address,
    });
  }
  await db.run(
    sql`delete from platform.inbound_addresses where organization_id = ${ORG} and module = ${module} and resource_id = ${resourceId} and address <> ${address}`,
  );
  // Waits for a concurrent insert of the same address to commit, then inserts nothing: exactly one create wins.
  await db.run(sql`insert into platform.inbound_addresses (address, organization_id, module, resource_id, created_at)
    values (${address}, ${ORG}, ${module}, ${resourceId}, now()) on conflict (address) do nothing`);
  const [held] = await crossTenantSql(tx, NAMESPACE).rows<{
    mine: boolean;
  }>(sql`select (organization_id = ${organizationId} and module = ${module} and resource_id = ${resourceId}) as mine
    from platform.inbound_addresses where address = ${address}`);
  if (!held?.mine)
    throw new DomainError('CONFLICT', `The address ${address} is taken`, { field: 'address', received: address });
}

/** Releases whatever address the resource holds (the deleting transaction, or an update clearing the address). */
export async function releaseInboundAddress(tx: EntityManager, module: string, resourceId: string): Promise<void> {
  await tenantSql(tx).run(
    sql`delete from platform.inbound_addresses where organization_id = ${ORG} and module = ${module} and resource_id = ${resourceId}`,
  );
}

/** The owner of an address, in any organization: the recipient names the organization. */
export async function inboundAddressOwner(em: EntityManager, rawAddress: string): Promise<InboundAddressOwner | null> {
  const [row] = await crossTenantSql(em, 'inbound mail: the recipient address names the organization').rows<{
    organization_id: string;
    module: string;
    resource_id: string;
  }>(
    sql`select organization_id, module, resource_id from platform.inbound_addresses where address = ${normalizeAddress(rawAddress)}`,
  );
  return row ? { organizationId: row.organization_id, module: row.module, resourceId: row.resource_id } : null;
}

/**
 * The organization of `tx` verified `domain` for receiving mail (`module` says where): from now on only it may claim
 * addresses there. A domain verified by another organization stays theirs (409 CONFLICT).
 */
export async function claimVerifiedDomain(tx: EntityManager, module: string, rawDomain: string): Promise<void> {
  const domain = rawDomain.trim().toLowerCase();
  const db = tenantSql(tx);
  await db.run(
    sql`insert into platform.verified_domains (domain, organization_id, module, created_at) values (${domain}, ${ORG}, ${module}, now()) on conflict (domain) do nothing`,
  );
  const [held] = await crossTenantSql(tx, NAMESPACE).rows<{ mine: boolean }>(
    sql`select organization_id = ${tenantOf(tx)} as mine from platform.verified_domains where domain = ${domain}`,
  );
  if (!held?.mine)
    throw new DomainError('CONFLICT', `The domain ${domain} is verified by another organization`, {
      field: 'domain',
      received: domain,
    });
}

/**
 * Refuses (403 FORBIDDEN, naming the domain) sending as `fromAddress` when its domain, or a parent of it, is a domain
 * another organization verified: mail relayed in that domain's name would pass its SPF and DMARC. Domains nobody
 * verified stay open (see docs/email.md).
 */
export async function assertFromDomainAllowed(em: EntityManager, fromAddress: string): Promise<void> {
  const domain = domainOf(normalizeAddress(fromAddress)).replace(/\.$/, '');
  const labels = domain.split('.');
  const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  if (candidates.length === 0) return;
  const [other] = await crossTenantSql(em, NAMESPACE).rowsBound<{ domain: string }>(
    sql`select domain from platform.verified_domains where domain = any(${candidates}::text[]) and organization_id <> ${tenantOf(em)} limit 1`,
  );
  if (other) {
    throw new DomainError(
      'FORBIDDEN',
      `The From domain ${domain} is verified by another organization; send from the default domain or a domain your organization verified`,
      { field: 'from', received: domain },
    );
  }
}

/** The organization of `tx` no longer holds `domain` (deleted by `module`). */
export async function releaseVerifiedDomain(tx: EntityManager, module: string, rawDomain: string): Promise<void> {
  await tenantSql(tx).run(
    sql`delete from platform.verified_domains where organization_id = ${ORG} and module = ${module} and domain = ${rawDomain.trim().toLowerCase()}`,
  );
}
