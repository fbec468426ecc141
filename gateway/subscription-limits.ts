import {
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
} from 'graphql';
import type { Context, SubscribePayload } from 'graphql-ws';
import type { Auth } from '../platform/auth/auth.js';
import { DomainError } from '../platform/errors/domain-error.js';
import { QUERY_LIMITS, queryLimitRules } from '../platform/graphql/query-limits.js';

/**
 * Open subscriptions a client may hold (docs/security.md, "Subscriptions"). Each one holds a bus listener and up to
 * `maxQueuedEvents` queued events; the documented uses (a dashboard's `events`, a few streamed chat completions, the
 * support widget) need a handful per connection.
 */
export const SUBSCRIPTION_LIMITS = {
  /** Per WebSocket connection. */
  perConnection: 25,
  /** Per API key, over all its connections (a keyless widget connection counts only against its own). */
  perKey: 250,
} as const;

type LimitedContext = Context<Record<string, unknown>, { auth?: Auth }>;

/**
 * graphql-ws `onSubscribe`: the document is parsed with the token limit and validated with GraphQL's rules plus the
 * same depth, alias and cost limits as POST /graphql, and the subscription caps are applied, before anything is
 * subscribed. A refusal answers an `error` message for that operation (the connection stays open).
 */
export function limitedSubscriptions(schema: GraphQLSchema) {
  const connectionsByKey = new Map<string, Set<LimitedContext>>();
  const rules = [...specifiedRules, ...queryLimitRules('gateway')];

  const openFor = (keyId: string) =>
    [...(connectionsByKey.get(keyId) ?? [])].reduce((n, ctx) => n + Object.keys(ctx.subscriptions).length, 0);

  return {
    /** Call once the connection is admitted: its subscriptions count toward its key's cap. */
    track(ctx: LimitedContext): void {
      const keyId = ctx.extra.auth?.keyId;
      if (!keyId) return;
      if (!connectionsByKey.has(keyId)) connectionsByKey.set(keyId, new Set());
      connectionsByKey.get(keyId)!.add(ctx);
    },
    untrack(ctx: LimitedContext): void {
      const keyId = ctx.extra.auth?.keyId;
      const set = keyId ? connectionsByKey.get(keyId) : undefined;
      if (!set) return;
      set.delete(ctx);
      if (set.size === 0) connectionsByKey.delete(keyId!);
    },
    onSubscribe(ctx: LimitedContext, _id: string, payload: SubscribePayload): ExecutionArgs | readonly GraphQLError[] {
      let document: DocumentNode;
      try {
        document = parse(payload.query, { maxTokens: QUERY_LIMITS.maxTokens });
      } catch (error) {
        return [new DomainError('INVALID_REQUEST', (error as Error).message)];
      }
      const errors = validate(schema, document, rules);
      if (errors.length > 0) return errors;
      // The placeholder of this operation is already in ctx.subscriptions: the counts include it.
      if (Object.keys(ctx.subscriptions).length > SUBSCRIPTION_LIMITS.perConnection) {
        return [
          new DomainError('RATE_LIMITED', `At most ${SUBSCRIPTION_LIMITS.perConnection} subscriptions per connection`, {
            limit: 'subscriptionsPerConnection',
            max: SUBSCRIPTION_LIMITS.perConnection,
          }),
        ];
      }
      const keyId = ctx.extra.auth?.keyId;
      if (keyId && openFor(keyId) > SUBSCRIPTION_LIMITS.perKey) {
        return [
          new DomainError('RATE_LIMITED', `At most ${SUBSCRIPTION_LIMITS.perKey} subscriptions per API key`, {
            limit: 'subscriptionsPerKey',
            max: SUBSCRIPTION_LIMITS.perKey,
          }),
        ];
      }
      return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
    },
  };
}
