import type { EntityManager } from '@mikro-orm/core';
import { TENANT_FILTER } from './tenancy.js';
import { DomainError } from '../errors/domain-error.js';

/**
 * The organization an EntityManager is scoped to, for the rare hand-written SQL (aggregates) that the
 * tenant filter cannot reach. Such SQL must bind this value; it never takes one from input.
 */
export function tenantOf(em: EntityManager): string {
  const id = (em.getFilterParams(TENANT_FILTER) as { organizationId?: string } | undefined)?.organizationId;
  if (!id) throw new DomainError('UNAUTHORIZED', 'No organization in context');
  return id;
}
