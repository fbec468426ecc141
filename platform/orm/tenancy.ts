import type { EntityManager, EventArgs, EventSubscriber } from '@mikro-orm/core';
import type { Options } from '@mikro-orm/core';

type FilterDef = NonNullable<Options['filters']>[string];
import { TenantEntity } from './tenant-entity.js';
import { DomainError } from '../errors/domain-error.js';

export const TENANT_FILTER = 'tenant';

/**
 * Tenancy in one place. Reads: a default filter on every TenantEntity, so a query without a tenant
 * fails loudly (MikroORM refuses a filter with missing arguments) instead of leaking rows.
 * Writes: new rows are stamped with the EntityManager's tenant, and a mismatch is refused.
 */
export function tenantFilter(entityNames: string[]): FilterDef {
  return {
    name: TENANT_FILTER,
    cond: (args: { organizationId?: string }) => {
      if (!args?.organizationId) throw new DomainError('UNAUTHORIZED', 'No organization in context');
      return { organizationId: args.organizationId };
    },
    default: true,
    entity: entityNames,
  };
}

/** A fresh EntityManager scoped to one organization. */
export function forkForTenant<T extends EntityManager>(em: T, organizationId: string): T {
  const fork = em.fork({ clear: true, useContext: false }) as T;
  fork.setFilterParams(TENANT_FILTER, { organizationId });
  return fork;
}

export class TenantSubscriber implements EventSubscriber {
  beforeCreate(args: EventArgs<unknown>) {
    const entity = args.entity;
    if (!(entity instanceof TenantEntity)) return;
    const tenant = (args.em.getFilterParams(TENANT_FILTER) as { organizationId?: string } | undefined)?.organizationId;
    if (!entity.organizationId) {
      if (!tenant) throw new Error('Refusing to create a tenant row without an organization');
      entity.organizationId = tenant;
    } else if (tenant && entity.organizationId !== tenant) {
      throw new Error('Refusing to write a row of another organization');
    }
  }
}
