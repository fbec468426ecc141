import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import type { Domain } from '../entities/domain.entity.js';
import type { DOMAINS_MANIFEST } from '../domains-manifest.js';

/** Channel on which every process hears that a zone changed (payload: the domain name), to drop its cached copy. */
export const ZONE_CHANNEL = 'domains_zone_changed';

/** The documented payload of every domains event: `data.domain {domainName, status, expiresAt}`. */
export function domainPayload(domain: Pick<Domain, 'domainName' | 'status' | 'expiresAt'>) {
  return { domainName: domain.domainName, status: domain.status, expiresAt: new Date(domain.expiresAt).toISOString() };
}

/** Writes a domains event to the outbox in the EntityManager's transaction. */
export function emitDomainEvent(
  em: EntityManager,
  type: (typeof DOMAINS_MANIFEST.events)[number],
  domain: Pick<Domain, 'domainName' | 'status' | 'expiresAt'>,
  extra: Record<string, unknown> = {},
) {
  return emitEvent(em, type, { domain: domainPayload(domain), ...extra });
}

/** Tells every DNS server process (on commit) that a zone changed. */
export async function notifyZoneChanged(em: EntityManager, domainName: string): Promise<void> {
  await crossTenantSql(em, 'a NOTIFY carries no tenant data: the zone name only').rows(
    sql`select pg_notify(${ZONE_CHANNEL}, ${domainName})`,
  );
}
