/** Which limit applies to a request: plan rate by category versus the endpoint's own figure. */
import { PLANS, type PlanName, type RateCategory } from './plans.js';

/** Plan rates are per second. */
const PLAN_WINDOW_MS = 1_000;

/** The limit that applies: the stricter of the plan's category rate and the endpoint's own figure (both per window). */
export function effectiveLimit(
  plan: PlanName,
  category: RateCategory,
  endpoint?: { limit: number; windowMs: number },
): { limit: number; windowMs: number; key: string } {
  const planLimit = { limit: PLANS[plan].rates[category], windowMs: PLAN_WINDOW_MS, key: `plan:${category}` };
  // Enterprise limits are "custom" in the spec: the contract's figures replace the public endpoint figures.
  if (!endpoint || PLANS[plan].customLimits) return planLimit;
  if (!(endpoint.windowMs > 0) || !(endpoint.limit >= 0)) {
    throw new RangeError(`invalid endpoint limit ${endpoint.limit} per ${endpoint.windowMs} ms`);
  }
  // Compare rates by cross-multiplying (endpoint.limit / endpoint.windowMs < plan / 1000) to stay in integers.
  const endpointStricter = endpoint.limit * PLAN_WINDOW_MS < planLimit.limit * endpoint.windowMs;
  // The spec does not say which wins; the stricter keeps both promises. Ties go to the plan.
  return endpointStricter ? { limit: endpoint.limit, windowMs: endpoint.windowMs, key: 'endpoint' } : planLimit;
}
