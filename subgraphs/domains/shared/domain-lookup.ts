import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { Domain } from '../entities/domain.entity.js';
import { toAsciiName } from '../names/domain-name.js';
import type { RegistrarCall } from '../registrar/registrar.port.js';
import type { JobClock } from '../../../platform/clock/job-clock.js';

export const domainNotFound = () => new DomainError('NOT_FOUND', 'Domain not found');

/** The A-label form of a name from a path, or NOT_FOUND (a name that cannot exist is not one of yours). */
export function pathName(input: string): string {
  const ascii = toAsciiName(input);
  if (!ascii) throw domainNotFound();
  return ascii;
}

/** A domain of the caller's organization by name: the one it holds, else the latest one it transferred out. */
export async function findDomain(em: EntityManager, name: string): Promise<Domain> {
  const domainName = pathName(name);
  const rows = await em.find(Domain, { domainName }, { orderBy: { createdAt: 'desc' } });
  const held = rows.find((d) => d.status !== 'TRANSFERRED_OUT') ?? rows[0];
  if (!held) throw domainNotFound();
  return held;
}

/** A domain the caller still holds, locked for the rest of the transaction (zone changes are serialized per domain). */
export async function heldDomain(em: EntityManager, name: string): Promise<Domain> {
  const domain = await em.findOne(
    Domain,
    { domainName: pathName(name), status: { $ne: 'TRANSFERRED_OUT' } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!domain) throw domainNotFound();
  return domain;
}

/** What a registrar call needs from the caller. */
export function registrarCall(em: EntityManager, clock: JobClock): RegistrarCall {
  return { em, organizationId: tenantOf(em), now: clock.now() };
}

/** The next SOA serial: YYYYMMDDnn of today, or one more than the last when that is already higher. */
export function nextSerial(current: string | number, now: Date): string {
  const today = Number(now.toISOString().slice(0, 10).replace(/-/g, '')) * 100;
  return String(Math.max(Number(current) + 1, today));
}
