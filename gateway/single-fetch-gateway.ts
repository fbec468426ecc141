// /graphql's share of single-fetch-plans.ts: the gateway handed to Apollo Server is ApolloGateway with its executor
// wrapped. Apollo Server's pipeline runs whole before it (parsing, validation with the depth, alias and cost limits,
// the field rate limits and metrics plugins); only the last step changes: an operation whose plan is one plain
// fetch from one in-process subgraph is sent as that fetch (the subgraph still demands its scope of the caller),
// without plan execution and the gateway's result shaping. Variables the gateway would refuse, an answer with errors
// and a request for the plan itself take the gateway's road, so their answers are the gateway's.
import { getVariableValues } from 'graphql';
import type { ApolloGateway } from '@apollo/gateway';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { fetchVariables, type SingleFetchPlans } from './single-fetch-plans.js';

/** Asks the gateway for the query plan of an operation (outside production): only the gateway can answer it. */
const QUERY_PLAN_HEADER = 'apollo-query-plan-experimental';

/** ApolloGateway as Apollo Server sees it, its executor taking single-fetch operations straight to their subgraph. */
export function singleFetchGateway(gateway: ApolloGateway, plans: SingleFetchPlans): GatewayInterface {
  return {
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
    load: async (options) => {
      const loaded = await gateway.load(options);
      return { ...loaded, executor: loaded.executor && singleFetchExecutor(loaded.executor, plans) };
    },
  };
}

function singleFetchExecutor(throughGateway: GatewayExecutor, plans: SingleFetchPlans): GatewayExecutor {
  return async (requestContext) => {
    const fetch = plans.fetchForDocument(requestContext.queryHash, requestContext.operationName);
    if (!fetch || requestContext.request.http?.headers.has(QUERY_PLAN_HEADER)) return throughGateway(requestContext);
    const { variables } = requestContext.request;
    // The gateway checks variables against the API schema before planning; the subgraph's schema may differ.
    if (requestContext.operation.variableDefinitions?.length && getVariableValues(requestContext.schema, requestContext.operation.variableDefinitions, variables ?? {}).errors) {
      return throughGateway(requestContext);
    }
    const result = await fetch.source.fetch({ query: fetch.query, operationName: fetch.operationName, variables: fetchVariables(fetch, variables) }, requestContext.context as CallerContext);
    if (result.errors?.length || !result.data) return throughGateway(requestContext);
    return { data: result.data };
  };
}
