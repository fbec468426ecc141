import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../platform/logging/logger.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { BudgetState } from './spend-ledger.js';

export const BUDGET_THRESHOLD_EVENT = 'ai.budget.threshold';

/**
 * Sends `ai.budget.threshold` for a budget, window and threshold at most once, whatever the number of processes and
 * concurrent requests: the alert row's primary key decides, and the event is written in the same transaction.
 */
export function budgetAlerts(orm: MikroORM, logger: Logger) {
  return (state: BudgetState, threshold: number): Promise<void> => {
    const spentUsd = Math.round(state.spentUsd * 1e10) / 1e10;
    const windowStart = new Date(state.windowStart);
    return forkForTenant(orm.em, state.organizationId)
      .transactional(async (tx) => {
        const won = await tenantSql(tx).rows(
          sql`insert into ai_gateway.budget_alerts (budget_id, window_start, threshold, organization_id, created_at)
              values (${state.id}, ${windowStart}, ${threshold}, ${ORG}, now()) on conflict do nothing returning budget_id`,
        );
        if (won.length === 0) return;
        await emitEvent(tx, BUDGET_THRESHOLD_EVENT, {
          budgetId: state.id,
          keyId: state.keyId,
          period: state.period,
          windowStart: windowStart.toISOString(),
          amountUsd: state.amountUsd,
          spentUsd,
          threshold,
        });
      })
      .catch((error: unknown) => {
        state.reported.delete(threshold); // tried again with the next request's cost
        logger.error('budget threshold alert failed', {
          budgetId: state.id,
          threshold,
          error: (error as Error).message,
        });
      });
  };
}
