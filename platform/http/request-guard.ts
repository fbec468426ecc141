import type { IncomingMessage } from 'node:http';
import type { Auth } from '../auth/auth.js';
import type { ApiKeyService } from '../organizations/api-key.service.js';
import type { RateCategory } from '../rate-limit/plans.js';
import { RateLimiter, rateLimitHeaders, type RateLimitDecision } from '../rate-limit/rate-limiter.js';
import { effectiveLimit } from '../rate-limit/route-limits.js';
import { clientIp, presentedKey } from './request-identity.js';

/** The outcome of authentication: no key, a bad key, or the caller. */
export type Authentication = { kind: 'none' } | { kind: 'invalid' } | { kind: 'ok'; auth: Auth };

/** Authentication and rate limiting shared by the REST bridge and /graphql, so both count against one budget. */
export class RequestGuard {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly limiter: RateLimiter,
  ) {}

  async authenticate(req: IncomingMessage): Promise<Authentication> {
    const key = presentedKey(req);
    if (!key) return { kind: 'none' };
    const auth = await this.apiKeys.authenticate(key);
    return auth ? { kind: 'ok', auth } : { kind: 'invalid' };
  }

  /** authenticate() without a promise when the key's lookup is cached; undefined when it must be looked up. */
  authenticateNow(req: IncomingMessage): Authentication | undefined {
    const key = presentedKey(req);
    if (!key) return { kind: 'none' };
    const auth = this.apiKeys.authenticateCached(key);
    if (auth === undefined) return undefined;
    return auth ? { kind: 'ok', auth } : { kind: 'invalid' };
  }

  /**
   * Counts the request against the stricter of the plan's category rate and the endpoint's figure.
   * Callers without a valid key are counted per IP on the Starter plan, so every response carries the headers.
   * `amount` counts several requests at once (each aliased send of one GraphQL operation).
   */
  async limit(
    req: IncomingMessage,
    auth: Auth | null,
    route: string,
    category: RateCategory,
    endpoint?: { limit: number; windowMs: number },
    amount = 1,
  ) {
    const { key, rule } = this.ruleOf(req, auth, route, category, endpoint);
    const decision: RateLimitDecision = await this.limiter.check(key, rule.limit, rule.windowMs, amount);
    return { decision, headers: rateLimitHeaders(decision) };
  }

  /** limit() without a promise when the counters are in memory; undefined with a shared (Redis) store. */
  limitNow(
    req: IncomingMessage,
    auth: Auth | null,
    route: string,
    category: RateCategory,
    endpoint?: { limit: number; windowMs: number },
  ) {
    const { key, rule } = this.ruleOf(req, auth, route, category, endpoint);
    const decision = this.limiter.checkNow(key, rule.limit, rule.windowMs);
    return decision && { decision, headers: rateLimitHeaders(decision) };
  }

  private ruleOf(
    req: IncomingMessage,
    auth: Auth | null,
    route: string,
    category: RateCategory,
    endpoint?: { limit: number; windowMs: number },
  ) {
    const rule = effectiveLimit(auth?.plan ?? 'STARTER', category, endpoint);
    const who = auth ? `org:${auth.organizationId}` : `ip:${clientIp(req)}`;
    return { rule, key: rule.key === 'endpoint' ? `${who}:${route}` : `${who}:${rule.key}` };
  }
}
