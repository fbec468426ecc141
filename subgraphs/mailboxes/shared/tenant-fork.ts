import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER } from '../../../platform/orm/tenancy.js';

/**
 * An EntityManager for another organization inside the same database transaction: local delivery writes the
 * recipient mailbox's message (and its event) in the sender's send transaction, so both commit or neither.
 */
export function tenantForkInTransaction(tx: EntityManager, organizationId: string): EntityManager {
  const fork = tx.fork({ clear: true, useContext: false, keepTransactionContext: true });
  fork.setFilterParams(TENANT_FILTER, { organizationId });
  return fork;
}
