import { GatewayError } from '../chat/gateway-error.js';
import type { KeyGate } from '../http/key-gate.js';
import type { UsageSink } from '../usage/usage-log.writer.js';
import type { Caller } from '../engine/chat-completion.service.js';
import { nextWindowOf } from './budget-window.js';
import type { KeyLimits } from './key-limits.js';
import type { SpendLedger } from './spend-ledger.js';

/**
 * The per-request checks beyond the key itself: the key's model allow-list, its requests and tokens per minute,
 * and the budgets of the key and the organization. Memory only (map lookups and counters): the chat path pays no
 * query for them.
 */
export class Guardrails {
  constructor(private readonly deps: { gate: KeyGate; limits: KeyLimits; ledger: SpendLedger; now?: () => number }) {}

  check(caller: Caller, model: string) {
    const policy = caller.keyId ? this.deps.gate.policyNow(caller.keyId) : undefined;
    if (policy?.allowedModels && !policy.allowedModels.has(model)) {
      throw new GatewayError(
        'forbidden',
        `This key may not call '${model}' (its models: ${[...policy.allowedModels].join(', ')})`,
        'model',
      );
    }
    const budget = this.deps.ledger.exhausted(caller.organizationId, caller.keyId);
    if (budget) {
      const error = new GatewayError(
        'budget_exceeded',
        `The ${budget.keyId ? 'key' : 'organization'}'s ${budget.period} budget of $${budget.amountUsd} is spent ($${round(budget.spentUsd)}); it opens again at ${new Date(nextWindowOf(budget.period, (this.deps.now ?? Date.now)())).toISOString()}`,
      );
      error.retryAfter = Math.ceil(
        (nextWindowOf(budget.period, (this.deps.now ?? Date.now)()) - (this.deps.now ?? Date.now)()) / 1000,
      );
      throw error;
    }
    if (policy && caller.keyId && (policy.requestsPerMinute !== null || policy.tokensPerMinute !== null)) {
      const { retryAfter, limit } = this.deps.limits.admit(
        caller.keyId,
        policy.requestsPerMinute,
        policy.tokensPerMinute,
      );
      if (retryAfter) {
        const error = new GatewayError(
          'rate_limit_exceeded',
          limit === 'tokens'
            ? `This key used its ${policy.tokensPerMinute} tokens per minute`
            : `This key made its ${policy.requestsPerMinute} requests per minute`,
        );
        error.retryAfter = retryAfter;
        throw error;
      }
    }
  }

  /** The usage log, with each request's cost counted against budgets and its tokens against the key's minute. */
  counting(sink: UsageSink): UsageSink {
    const { ledger, limits, gate } = this.deps;
    return {
      get accepting() {
        return sink.accepting;
      },
      record(entry) {
        if (entry.costUsd) ledger.add(entry.organizationId, entry.keyId, entry.costUsd);
        if (entry.keyId && gate.policyNow(entry.keyId)?.tokensPerMinute != null)
          limits.addTokens(entry.keyId, entry.promptTokens + entry.completionTokens);
        sink.record(entry);
      },
    };
  }
}

const round = (usd: number) => Math.round(usd * 1e6) / 1e6;
