import { Kind, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import type { RateCategory } from '../platform/rate-limit/plans.js';
import type { ModuleRoutes } from '../rest-bridge/route-table.js';

/** The rate rule of a root mutation field: the REST route of the same operation, so both count against one budget. */
export interface FieldRateRule {
  /** The REST route's name (`POST /emails`): its endpoint counter is shared with REST. */
  route: string;
  category: RateCategory;
  endpoint?: { limit: number; windowMs: number };
}

/** Categories whose REST routes count each send; a GraphQL mutation of that route counts once per field, aliases included. */
const COUNTED: readonly RateCategory[] = ['emailSending', 'smsSending', 'batch'];

/** Root mutation field → its rule, read from the route table (data: the route's `result` is its root field). */
export function fieldRateRules(modules: ModuleRoutes[]): Map<string, FieldRateRule> {
  const rules = new Map<string, FieldRateRule>();
  for (const module of modules) {
    for (const spec of module.routes) {
      if (spec.method === 'GET' || !COUNTED.includes(spec.rateLimit.category)) continue;
      rules.set(spec.result, {
        route: `${spec.method} ${spec.path}`,
        category: spec.rateLimit.category,
        endpoint: spec.rateLimit.endpoint,
      });
    }
  }
  return rules;
}

/** How many times each root field of a mutation runs: every alias, inline fragment and fragment spread counts. */
export function rootFieldCounts(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) counts.set(selection.name.value, (counts.get(selection.name.value) ?? 0) + 1);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
        seen.add(selection.name.value); // a spread twice at the root is merged by GraphQL: its fields run once
        walk(fragments[selection.name.value]!.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return counts;
}

/** The /graphql caller's hook: counts the operation's sends against the send limits before anything runs. */
export type CountFields = (counts: Map<string, number>) => Promise<void>;

/**
 * After validation, before execution: hands the root field counts of a mutation to the caller's `countFields`
 * (set by the /graphql handler only; the REST bridge counts its one field per request itself). A refusal
 * (RATE_LIMITED) stops the whole operation, so no send of it runs.
 */
export function fieldRateLimitPlugin(): ApolloServerPlugin<CallerContext & { countFields?: CountFields }> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (!contextValue.countFields || operation?.operation !== 'mutation') return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
          await contextValue.countFields(rootFieldCounts(operation, fragments));
        },
      };
    },
  };
}
