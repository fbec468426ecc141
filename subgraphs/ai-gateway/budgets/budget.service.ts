import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { AiBudget as BudgetRow, type BudgetPeriod } from '../entities/budget.entity.js';
import { GatewayKeyMeta } from '../entities/gateway-key-meta.entity.js';
import type { AiDeleted } from '../credentials/provider-credential.types.js';
import { windowStartOf } from './budget-window.js';
import type { AiBudgetView, AiBudgetInput } from './budget.types.js';

const PERIODS: readonly BudgetPeriod[] = ['day', 'month'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Budgets of the organization and its keys; writes reach the hot path through the config cache. */
export class BudgetService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async list(em: EntityManager): Promise<AiBudgetView[]> {
    const budgets = await em.find(BudgetRow, {}, { orderBy: { createdAt: 'asc' } });
    return Promise.all(budgets.map((b) => this.view(em, b)));
  }

  async put(em: EntityManager, input: AiBudgetInput): Promise<AiBudgetView> {
    if (!PERIODS.includes(input.period as BudgetPeriod)) throw invalid('period', input.period, PERIODS);
    if (
      typeof input.amountUsd !== 'number' ||
      !Number.isFinite(input.amountUsd) ||
      input.amountUsd <= 0 ||
      input.amountUsd > 1e9
    )
      throw invalid('amountUsd', input.amountUsd, 'USD, more than 0');
    const keyId = input.keyId ?? null;
    if (keyId !== null && (!UUID.test(keyId) || !(await em.findOne(GatewayKeyMeta, { keyId }))))
      throw invalid('keyId', keyId, 'the id of a gateway key of this organization');
    const period = input.period as BudgetPeriod;
    let budget = await em.findOne(BudgetRow, { keyId, period });
    if (budget) Object.assign(budget, { amountUsd: input.amountUsd, updatedAt: new Date() });
    else
      budget = em.create(BudgetRow, {
        id: newId('aibudget'),
        organizationId: tenantOf(em),
        keyId,
        period,
        amountUsd: input.amountUsd,
      });
    await em.flush();
    this.deps.configs.invalidate(tenantOf(em));
    return this.view(em, budget);
  }

  async remove(em: EntityManager, id: string): Promise<AiDeleted> {
    const budget = await em.findOne(BudgetRow, { id });
    if (!budget) throw new DomainError('NOT_FOUND', 'Budget not found');
    await em.remove(budget).flush();
    this.deps.configs.invalidate(tenantOf(em));
    return { id, object: 'budget', deleted: true };
  }

  /** With the spend this process counts (its unwritten requests included), or the usage log's when it has none. */
  private async view(em: EntityManager, b: BudgetRow): Promise<AiBudgetView> {
    const windowStart = windowStartOf(b.period, Date.now());
    const live = this.deps.ledger.statesOf(tenantOf(em)).find((s) => s.id === b.id && s.windowStart === windowStart);
    const spentUsd =
      live?.spentUsd ??
      (
        await tenantSql(em).rows<{ spent: number }>(
          sql`select coalesce(sum(cost_usd), 0)::float8 as spent from ai_gateway.usage_log
           where organization_id = ${ORG} and created_at >= ${new Date(windowStart)} and (${b.keyId}::uuid is null or key_id = ${b.keyId}::uuid)`,
        )
      )[0]?.spent ??
      0;
    return {
      id: b.id,
      keyId: b.keyId,
      period: b.period,
      amountUsd: b.amountUsd,
      spentUsd: Math.round(spentUsd * 1e10) / 1e10,
      windowStart: new Date(windowStart),
      createdAt: b.createdAt,
      updatedAt: b.updatedAt,
    };
  }
}
