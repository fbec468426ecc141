// The REST bridge's way into the gateway. A bridge operation is fixed text, so its query plan is fixed too: when it
// is one plain fetch from one in-process subgraph (single-fetch-plans.ts), later requests of that operation go
// straight to the subgraph's data source, skipping Apollo Server's request pipeline, plan execution and the gateway's
// result shaping. Everything else takes the gateway's road as before, and so does any shortcut answer with errors:
// a read is asked again, and a mutation's answer (it must not run twice) is handed to the gateway's own fetch, so
// either way the errors (codes, masking, logging) are exactly those the gateway always gave.
import type { ApolloServer } from '@apollo/server';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import type { PlatformMetrics } from '../platform/metrics/platform-metrics.js';
import type { ExecuteOperation } from '../rest-bridge/bridge.js';
import { sendSingleFetch, type SingleFetchPlans } from './single-fetch-plans.js';

/** Runs one bridge operation: straight to the subgraph when its plan is a single plain fetch, through the gateway otherwise. */
export function bridgeExecutor(
  gateway: ApolloServer<CallerContext>,
  plans: SingleFetchPlans,
  metrics?: PlatformMetrics,
): ExecuteOperation {
  const throughGateway: ExecuteOperation = async (operation, variables, contextValue) => {
    const response = await gateway.executeOperation(
      { query: operation.query, operationName: operation.name, variables },
      { contextValue },
    );
    if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the bridge');
    return response.body.singleResult as never;
  };
  return async (operation, variables, contextValue) => {
    const fetch = plans.fetchFor(operation.query);
    if (fetch === undefined) plans.watch(operation.query);
    if (!fetch) return throughGateway(operation, variables, contextValue);
    const answer = await sendSingleFetch(fetch, variables, contextValue);
    if (!answer) return throughGateway(operation, variables, contextValue);
    if (answer.errors?.length || !answer.data)
      return throughGateway(
        operation,
        variables,
        fetch.mutation ? fetch.source.replaying(contextValue, answer) : contextValue,
      );
    metrics?.graphqlOperations.inc({ type: fetch.mutation ? 'mutation' : 'query', outcome: 'ok' });
    return { data: answer.data };
  };
}
