// What the gateway's query plans say about each operation: when the plan is one plain fetch from one in-process
// subgraph, selecting exactly what the operation selects, the subgraph's answer already is the answer. The REST
// bridge (bridge-executor.ts) and /graphql (single-fetch-gateway.ts) then send that fetch themselves, skipping plan
// execution and the gateway's result shaping (a second walk and copy of the whole result). An answer with errors
// takes the gateway's road: a read is asked again, a mutation (bridge operations only) is not run twice, its answer
// is handed to the gateway's own fetch (InProcessDataSource.replaying), so the errors are exactly the gateway's.
import {
  getVariableValues,
  parse,
  print,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Experimental_DidResolveQueryPlanCallback } from '@apollo/gateway';
import type { GatewayExecutor } from '@apollo/server-gateway-interface';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import type { InProcessDataSource } from './in-process-data-source.js';

type ResolvedPlan = Parameters<Experimental_DidResolveQueryPlanCallback>[0];

/** The one fetch the gateway sends for an operation. */
export interface SingleFetch {
  source: InProcessDataSource;
  query: string;
  operationName?: string;
  /** A mutation: never sent twice (an answer with errors is replayed through the gateway, not asked again). */
  mutation: boolean;
  variableUsages: readonly string[];
  /** The gateway's check of the request's variables against the API schema, before it plans (the subgraph's schema may differ). */
  variablesValid(variables: Record<string, unknown> | undefined): boolean;
}

/**
 * A /graphql query the gateway has already parsed, validated and planned (more than one fetch): what its executor
 * needs to run it again without Apollo Server's request pipeline (single-fetch-gateway.ts).
 */
export interface PlannedQuery {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The API schema the document was validated against. */
  schema: GraphQLSchema;
}

/** /graphql documents are the callers' own: decisions about them are kept for this many (document, operation) pairs. */
const MAX_DOCUMENT_DECISIONS = 2000;

/** Which operations the gateway answers with one plain fetch from one in-process subgraph (learnt from its plans). */
export class SingleFetchPlans {
  private readonly sources = new Map<string, InProcessDataSource>();
  /** Operation texts the bridge sends (a fixed set): their decisions, by text. */
  private readonly watched = new Set<string>();
  private readonly byText = new Map<string, SingleFetch | null>();
  /** /graphql documents, by Apollo Server's hash of the text and the operation name the request gave. */
  private readonly byDocument = new LRUCache<string, { fetch: SingleFetch | null; planned?: PlannedQuery }>({
    max: MAX_DOCUMENT_DECISIONS,
  });
  /** ApolloGateway's own executor (plan execution and result shaping), once the gateway has loaded. */
  gatewayExecutor?: GatewayExecutor;

  /** An in-process subgraph the gateway fetches from, by its supergraph name. */
  addSource(name: string, source: InProcessDataSource): void {
    this.sources.set(name, source);
  }

  /** A bridge operation's text: its plan is looked at the next time the gateway runs it. */
  watch(query: string): void {
    this.watched.add(query);
  }

  /** The shortcut of a bridge operation text, once the gateway has planned it; undefined before, null when there is none. */
  fetchFor(query: string): SingleFetch | null | undefined {
    return this.byText.get(query);
  }

  /** The shortcut of a /graphql request (Apollo Server's query hash, the operation name it gave), as for `fetchFor`. */
  fetchForDocument(queryHash: string, operationName: string | null | undefined): SingleFetch | null | undefined {
    return this.decisionFor(queryHash, operationName)?.fetch;
  }

  /**
   * What the gateway's plan decided for a /graphql request: its single fetch, or (a query of several fetches) what its
   * executor needs to run it again (see `PlannedQuery`); undefined before the gateway has planned it.
   */
  decisionFor(
    queryHash: string,
    operationName: string | null | undefined,
  ): { fetch: SingleFetch | null; planned?: PlannedQuery } | undefined {
    return this.byDocument.get(documentKey(queryHash, operationName));
  }

  /** ApolloGateway's experimental_didResolveQueryPlan: every execution's plan; decides once per operation. */
  readonly observe = ({ queryPlan, requestContext, operationContext }: ResolvedPlan): void => {
    const query = requestContext.source;
    const forBridge = query !== undefined && this.watched.has(query) && !this.byText.has(query);
    const key = documentKey(requestContext.queryHash, requestContext.request.operationName);
    const forDocument = !this.byDocument.has(key);
    if (!forBridge && !forDocument) return;
    const fetch = this.singleFetch(queryPlan, operationContext.operation, requestContext.schema);
    if (forBridge) this.byText.set(query, fetch);
    // /graphql sends reads only (a mutation's errors would need the replay the bridge does).
    if (forDocument) {
      const { document, operation, schema } = requestContext;
      const planned = !fetch && operation.operation === 'query' ? { document, operation, schema } : undefined;
      this.byDocument.set(key, { fetch: fetch?.mutation ? null : fetch, planned });
    }
  };

  private singleFetch(
    plan: ResolvedPlan['queryPlan'],
    operation: OperationDefinitionNode,
    apiSchema: GraphQLSchema,
  ): SingleFetch | null {
    const node = plan.node;
    if (
      node?.kind !== 'Fetch' ||
      (node.operationKind !== 'query' && node.operationKind !== 'mutation') ||
      node.requires ||
      node.inputRewrites?.length ||
      node.outputRewrites?.length ||
      node.contextRewrites?.length
    )
      return null;
    const source = this.sources.get(node.serviceName);
    // Decided once per operation, so parsing the fetch's text here costs nothing per request.
    const document = node.operationDocumentNode ?? parse(node.operation);
    const fetched = document.definitions[0];
    // One operation and no fragments, selecting what the operation selects, printed alike (fields, aliases,
    // arguments, directives, order): the subgraph's data is the client's data.
    if (
      !source ||
      document.definitions.length !== 1 ||
      fetched?.kind !== 'OperationDefinition' ||
      print(fetched.selectionSet) !== print(operation.selectionSet)
    )
      return null;
    const definitions = operation.variableDefinitions ?? [];
    return {
      source,
      query: node.operation,
      operationName: node.operationName,
      mutation: node.operationKind === 'mutation',
      variableUsages: node.variableUsages ?? [],
      variablesValid: (variables) =>
        definitions.length === 0 || !getVariableValues(apiSchema, definitions, variables ?? {}).errors,
    };
  }
}

/** Apollo Server's hash of the text, and the operation name the request gave (`''` names no operation of any document). */
function documentKey(queryHash: string, operationName: string | null | undefined): string {
  return operationName == null ? queryHash : `${queryHash}:${operationName}`;
}

/**
 * Sends an operation's single fetch as the gateway would: only the variables the fetch uses, and only those given.
 * The subgraph's whole answer; undefined for variables the gateway refuses (it answers them, running nothing).
 */
export async function sendSingleFetch(
  fetch: SingleFetch,
  variables: Record<string, unknown> | undefined,
  caller: CallerContext,
) {
  if (!fetch.variablesValid(variables)) return undefined;
  const used: Record<string, unknown> = {};
  if (variables)
    for (const name of fetch.variableUsages) if (variables[name] !== undefined) used[name] = variables[name];
  return fetch.source.fetch({ query: fetch.query, operationName: fetch.operationName, variables: used }, caller);
}

/**
 * A read's single fetch: the subgraph's data when it answers without errors; undefined when the gateway must answer
 * instead (variables it refuses, or any error: asked again, the gateway's answer carries it exactly as it always did).
 */
export async function runSingleFetch(
  fetch: SingleFetch,
  variables: Record<string, unknown> | undefined,
  caller: CallerContext,
): Promise<Record<string, unknown> | undefined> {
  const result = await sendSingleFetch(fetch, variables, caller);
  return !result || result.errors?.length || !result.data ? undefined : result.data;
}
