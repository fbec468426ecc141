// The REST bridge's way into the gateway. A bridge operation is fixed text, so its query plan is fixed too: when the
// gateway's plan for it is one fetch from one in-process subgraph, selecting exactly what the operation selects, the
// subgraph's answer already is the answer. Later requests of that operation then go straight to the subgraph's data
// source, skipping plan execution and the gateway's result shaping (a second walk and copy of the whole result).
// Everything else takes the gateway's road as before, and so does any shortcut answer with errors: only reads take
// the shortcut, so asking the gateway again yields exactly the errors (codes, masking, logging) it always gave.
import { parse, print, type OperationDefinitionNode } from 'graphql';
import type { ApolloServer } from '@apollo/server';
import type { Experimental_DidResolveQueryPlanCallback } from '@apollo/gateway';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import type { PlatformMetrics } from '../platform/metrics/platform-metrics.js';
import type { ExecuteOperation } from '../rest-bridge/bridge.js';
import type { InProcessDataSource } from './in-process-data-source.js';

type ResolvedPlan = Parameters<Experimental_DidResolveQueryPlanCallback>[0];

/** The one fetch the gateway sends for an operation. */
interface SingleFetch {
  source: InProcessDataSource;
  query: string;
  operationName?: string;
  variableUsages: readonly string[];
}

/** Which bridge operations the gateway answers with one plain fetch from one in-process subgraph (learnt from its plans). */
export class SingleFetchPlans {
  private readonly sources = new Map<string, InProcessDataSource>();
  /** Operation texts the bridge sends (a fixed set): only their plans are looked at. */
  private readonly watched = new Set<string>();
  private readonly fetches = new Map<string, SingleFetch | null>();

  /** An in-process subgraph the gateway fetches from, by its supergraph name. */
  addSource(name: string, source: InProcessDataSource): void {
    this.sources.set(name, source);
  }

  watch(query: string): void {
    this.watched.add(query);
  }

  /** The shortcut of an operation text, once the gateway has planned it; undefined before, null when there is none. */
  fetchFor(query: string): SingleFetch | null | undefined {
    return this.fetches.get(query);
  }

  /** ApolloGateway's experimental_didResolveQueryPlan: every execution's plan; decides once per watched text. */
  readonly observe = ({ queryPlan, requestContext, operationContext }: ResolvedPlan): void => {
    const query = requestContext.source;
    if (!query || !this.watched.has(query) || this.fetches.has(query)) return;
    this.fetches.set(query, this.singleFetch(queryPlan, operationContext.operation));
  };

  private singleFetch(plan: ResolvedPlan['queryPlan'], operation: OperationDefinitionNode): SingleFetch | null {
    const node = plan.node;
    if (node?.kind !== 'Fetch' || node.operationKind !== 'query' || node.requires || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length) return null;
    const source = this.sources.get(node.serviceName);
    // Decided once per operation text, so parsing the fetch's text here costs nothing per request.
    const fetched = (node.operationDocumentNode ?? parse(node.operation)).definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    // The same selection, printed alike (fields, aliases, arguments, order): the subgraph's data is the client's data.
    if (!source || !fetched || print(fetched.selectionSet) !== print(operation.selectionSet)) return null;
    return { source, query: node.operation, operationName: node.operationName, variableUsages: node.variableUsages ?? [] };
  }
}

/** Runs one bridge operation: straight to the subgraph when its plan is a single plain fetch, through the gateway otherwise. */
export function bridgeExecutor(gateway: ApolloServer<CallerContext>, plans: SingleFetchPlans, metrics?: PlatformMetrics): ExecuteOperation {
  const throughGateway: ExecuteOperation = async (operation, variables, contextValue) => {
    const response = await gateway.executeOperation({ query: operation.query, operationName: operation.name, variables }, { contextValue });
    if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the bridge');
    return response.body.singleResult as never;
  };
  return async (operation, variables, contextValue) => {
    const fetch = plans.fetchFor(operation.query);
    if (fetch === undefined) plans.watch(operation.query);
    if (!fetch) return throughGateway(operation, variables, contextValue);
    // As the gateway does: only the variables the fetch uses, and only those given.
    const used: Record<string, unknown> = {};
    for (const name of fetch.variableUsages) if (variables[name] !== undefined) used[name] = variables[name];
    const result = await fetch.source.fetch({ query: fetch.query, operationName: fetch.operationName, variables: used }, contextValue);
    if (result.errors?.length || !result.data) return throughGateway(operation, variables, contextValue);
    metrics?.graphqlOperations.inc({ type: 'query', outcome: 'ok' });
    return { data: result.data };
  };
}
