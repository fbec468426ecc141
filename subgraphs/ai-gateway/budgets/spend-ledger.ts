import type { MikroORM } from '@mikro-orm/postgresql';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { AiBudget, BudgetPeriod } from '../entities/budget.entity.js';
import { windowStartOf } from './budget-window.js';

/** A budget as the hot path sees it: its limit and what was spent in the current window. */
export interface BudgetState {
  id: string;
  organizationId: string;
  keyId: string | null;
  period: BudgetPeriod;
  amountUsd: number;
  windowStart: number;
  spentUsd: number;
  /** Thresholds (percent) this process has already reported for the window. */
  reported: Set<number>;
}

/** Percentages of a budget at which `ai.budget.threshold` goes out. */
export const BUDGET_THRESHOLDS = [80, 100] as const;

/**
 * Spend per budget, kept in memory so that the chat path checks a budget without a query: the window's spend is read
 * from the usage log when a budget is first seen (with the organization's config, off the hot path), then every
 * recorded request adds its cost here at once. `resync` (a timer) takes the usage log's sum when it is larger, which
 * brings in what other processes spent. Checks are synchronous, so two requests of one process never read a stale
 * sum; across processes the budget is exact to within the resync interval.
 */
export class SpendLedger {
  private readonly byOrganization = new Map<string, BudgetState[]>();

  constructor(
    private readonly orm: MikroORM,
    private readonly onThreshold: (state: BudgetState, threshold: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The organization's budgets as just loaded: states kept for unchanged budgets, the spend read for new ones. */
  async load(organizationId: string, budgets: AiBudget[]): Promise<void> {
    const previous = new Map((this.byOrganization.get(organizationId) ?? []).map((s) => [s.id, s]));
    const now = this.now();
    const states = await Promise.all(
      budgets.map(async (budget) => {
        const windowStart = windowStartOf(budget.period, now);
        const known = previous.get(budget.id);
        if (
          known &&
          known.windowStart === windowStart &&
          known.period === budget.period &&
          known.keyId === budget.keyId
        ) {
          known.amountUsd = budget.amountUsd;
          return known;
        }
        const spentUsd = await this.spentSince(organizationId, budget.keyId, windowStart);
        return {
          id: budget.id,
          organizationId,
          keyId: budget.keyId,
          period: budget.period,
          amountUsd: budget.amountUsd,
          windowStart,
          spentUsd,
          reported: new Set<number>(),
        };
      }),
    );
    if (states.length) this.byOrganization.set(organizationId, states);
    else this.byOrganization.delete(organizationId);
  }

  /** Hot path: a budget of this caller that is used up, if any (in-memory only). */
  exhausted(organizationId: string, keyId: string | null): BudgetState | undefined {
    const states = this.byOrganization.get(organizationId);
    if (!states) return undefined;
    const now = this.now();
    for (const state of states) {
      if (state.keyId !== null && state.keyId !== keyId) continue;
      this.roll(state, now);
      if (state.spentUsd >= state.amountUsd) return state;
    }
    return undefined;
  }

  /** A request's cost, added to every budget it counts against; a threshold crossed is reported once. */
  add(organizationId: string, keyId: string | null, costUsd: number) {
    const states = this.byOrganization.get(organizationId);
    if (!states || !(costUsd > 0)) return;
    const now = this.now();
    for (const state of states) {
      if (state.keyId !== null && state.keyId !== keyId) continue;
      this.roll(state, now);
      state.spentUsd += costUsd;
      this.report(state);
    }
  }

  /** Budgets of the organization, with their current spend (the management API shows them). */
  statesOf(organizationId: string): readonly BudgetState[] {
    return this.byOrganization.get(organizationId) ?? [];
  }

  /** Takes the usage log's sums where they are larger (other processes' spend); never lowers what this process counted. */
  async resync(): Promise<void> {
    for (const states of [...this.byOrganization.values()]) {
      for (const state of states) {
        this.roll(state, this.now());
        const stored = await this.spentSince(state.organizationId, state.keyId, state.windowStart);
        if (stored > state.spentUsd) {
          state.spentUsd = stored;
          this.report(state);
        }
      }
    }
  }

  private report(state: BudgetState) {
    for (const threshold of BUDGET_THRESHOLDS) {
      if (state.reported.has(threshold) || state.spentUsd < (state.amountUsd * threshold) / 100) continue;
      state.reported.add(threshold);
      this.onThreshold(state, threshold);
    }
  }

  /** A new day or month: the spend starts again from 0. */
  private roll(state: BudgetState, now: number) {
    const windowStart = windowStartOf(state.period, now);
    if (windowStart === state.windowStart) return;
    state.windowStart = windowStart;
    state.spentUsd = 0;
    state.reported.clear();
  }

  private async spentSince(organizationId: string, keyId: string | null, windowStart: number): Promise<number> {
    const [row] = await tenantSql(forkForTenant(this.orm.em, organizationId)).rows<{ spent: number }>(
      sql`select coalesce(sum(cost_usd), 0)::float8 as spent from ai_gateway.usage_log
           where organization_id = ${ORG} and created_at >= ${new Date(windowStart)} and (${keyId}::uuid is null or key_id = ${keyId}::uuid)`,
    );
    return row?.spent ?? 0;
  }
}
