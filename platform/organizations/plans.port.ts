import type { EntityManager } from '@mikro-orm/core';
import { ORG, sql, tenantSql } from '../orm/tenant-sql.js';
import type { PlanName } from '../rate-limit/plans.js';

/** The plan of the EntityManager's organization, for a module counting quotas where no API key says it (a public form's owner). */
export interface PlansPort {
  planOf(em: EntityManager): Promise<PlanName>;
}

/** platform/organizations' implementation of PlansPort: STARTER when the organization has no row. */
export const organizationPlans: PlansPort = {
  async planOf(em) {
    const row = await tenantSql(em).one<{ plan: PlanName }>(
      sql`select plan from platform.organizations where id = ${ORG}`,
    );
    return row?.plan ?? 'STARTER';
  },
};
