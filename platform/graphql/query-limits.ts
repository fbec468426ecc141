import type { ValidationRule, ValidationContext } from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { DomainError } from '../errors/domain-error.js';

/**
 * Per-operation limits of every GraphQL document the platform executes (docs/security.md, "GraphQL cost").
 * One `calendarAvailability` costs about 17 ms and 115 KB of answer; 20 of them in one operation stay well under a second.
 */
export const QUERY_LIMITS = {
  /** Nesting of selections; the deepest documented operation (a contact with its bookings' hosts) is 5. */
  maxDepth: 10,
  /** Aliased fields per operation; the REST bridge's own operations use at most 2. */
  maxAliases: 20,
  /** GraphQL Armor's cost: objects 2, scalars 1, each level ×1.5; the costliest bridge operation is about 400. */
  maxCost: 5000,
  /** Lexical tokens per document, checked while parsing, before any rule runs (1,000 aliases are about 20,000). */
  maxTokens: 50_000,
} as const;

/** The gateway's query plan adds `_entities` and an inline fragment per hop; subgraphs allow for that. */
const SUBGRAPH_DEPTH_MARGIN = 4;

type Limit = 'depth' | 'aliases' | 'cost';

/** Reports the refusal as a QUERY_TOO_COMPLEX error (400) instead of GraphQL Armor's thrown "Syntax Error". */
const refuse = (limit: Limit, max: number) => (context: ValidationContext | null, error: Error) => {
  const found = Number(/found (\d+(?:\.\d+)?)/.exec(error.message)?.[1]);
  context?.reportError(
    new DomainError(
      'QUERY_TOO_COMPLEX',
      `The operation exceeds the ${limit} limit of ${max}${Number.isFinite(found) ? ` (found ${found})` : ''}`,
      {
        limit,
        max,
        ...(Number.isFinite(found) ? { found } : {}),
      },
    ),
  );
};

/** Validation rules for an operation sent by a client (`gateway`) or a query plan fetch (`subgraph`). */
export function queryLimitRules(where: 'gateway' | 'subgraph'): ValidationRule[] {
  const maxDepth = QUERY_LIMITS.maxDepth + (where === 'subgraph' ? SUBGRAPH_DEPTH_MARGIN : 0);
  // Each extra level multiplies the cost of what is under it by 1.5: two levels of plan wrapping, 1.5² ≈ 2.25 < 3.
  const maxCost = QUERY_LIMITS.maxCost * (where === 'subgraph' ? 3 : 1);
  const common = { propagateOnRejection: false, exposeLimits: true };
  return [
    maxDepthRule({
      ...common,
      n: maxDepth,
      ignoreIntrospection: true,
      flattenFragments: true,
      onReject: [refuse('depth', maxDepth)],
    }),
    // Aliases of __typename count too (GraphQL Armor lets them through by default): each is a field in the answer.
    maxAliasesRule({
      ...common,
      n: QUERY_LIMITS.maxAliases,
      allowList: [],
      onReject: [refuse('aliases', QUERY_LIMITS.maxAliases)],
    }),
    costLimitRule({
      ...common,
      maxCost,
      ignoreIntrospection: true,
      flattenFragments: true,
      onReject: [refuse('cost', maxCost)],
    }),
  ] as unknown as ValidationRule[];
}
