// What the gateway's query plans say about each operation: when the plan is one plain fetch from one in-process
// subgraph, selecting exactly what the operation selects, the subgraph's answer already is the answer. The REST
// bridge (bridge-executor.ts) and /graphql (single-fetch-gateway.ts) then send that fetch themselves, skipping plan
// execution and the gateway's result shaping (a second walk and copy of the whole result). Only reads qualify, so
// asking the gateway again (for any answer with errors) yields exactly the errors it always gave.
import { parse, print, type OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Experimental_DidResolveQueryPlanCallback } from '@apollo/gateway';
import type { InProcessDataSource } from './in-process-data-source.js';

type ResolvedPlan = Parameters<Experimental_DidResolveQueryPlanCallback>[0];

/** The one fetch the gateway sends for an operation. */
export interface SingleFetch {
  source: InProcessDataSource;
  query: string;
  operationName?: string;
  variableUsages: readonly string[];
}

/** /graphql documents are the callers' own: decisions about them are kept for this many (document, operation) pairs. */
const MAX_DOCUMENT_DECISIONS = 2000;

/** Which operations the gateway answers with one plain fetch from one in-process subgraph (learnt from its plans). */
export class SingleFetchPlans {
  private readonly sources = new Map<string, InProcessDataSource>();
  /** Operation texts the bridge sends (a fixed set): their decisions, by text. */
  private readonly watched = new Set<string>();
  private readonly byText = new Map<string, SingleFetch | null>();
  /** /graphql documents, by Apollo Server's hash of the text and the operation's name. */
  private readonly byDocument = new LRUCache<string, { fetch: SingleFetch | null }>({ max: MAX_DOCUMENT_DECISIONS });

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

  /** The shortcut of a /graphql operation (Apollo Server's query hash and operation name), as for `fetchFor`. */
  fetchForDocument(queryHash: string, operationName: string | null): SingleFetch | null | undefined {
    return this.byDocument.get(documentKey(queryHash, operationName))?.fetch;
  }

  /** ApolloGateway's experimental_didResolveQueryPlan: every execution's plan; decides once per operation. */
  readonly observe = ({ queryPlan, requestContext, operationContext }: ResolvedPlan): void => {
    const query = requestContext.source;
    const forBridge = query !== undefined && this.watched.has(query) && !this.byText.has(query);
    const key = documentKey(requestContext.queryHash, requestContext.operationName);
    const forDocument = !this.byDocument.has(key);
    if (!forBridge && !forDocument) return;
    const fetch = this.singleFetch(queryPlan, operationContext.operation);
    if (forBridge) this.byText.set(query, fetch);
    if (forDocument) this.byDocument.set(key, { fetch });
  };

  private singleFetch(plan: ResolvedPlan['queryPlan'], operation: OperationDefinitionNode): SingleFetch | null {
    const node = plan.node;
    if (node?.kind !== 'Fetch' || node.operationKind !== 'query' || node.requires || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length) return null;
    const source = this.sources.get(node.serviceName);
    // Decided once per operation, so parsing the fetch's text here costs nothing per request.
    const document = node.operationDocumentNode ?? parse(node.operation);
    const fetched = document.definitions[0];
    // One operation and no fragments, selecting what the operation selects, printed alike (fields, aliases,
    // arguments, directives, order): the subgraph's data is the client's data.
    if (!source || document.definitions.length !== 1 || fetched?.kind !== 'OperationDefinition' || print(fetched.selectionSet) !== print(operation.selectionSet)) return null;
    return { source, query: node.operation, operationName: node.operationName, variableUsages: node.variableUsages ?? [] };
  }
}

function documentKey(queryHash: string, operationName: string | null): string {
  return operationName ? `${queryHash}:${operationName}` : queryHash;
}

/** As the gateway sends them: only the variables the fetch uses, and only those given. */
export function fetchVariables(fetch: SingleFetch, variables: Record<string, unknown> | undefined): Record<string, unknown> {
  const used: Record<string, unknown> = {};
  if (variables) for (const name of fetch.variableUsages) if (variables[name] !== undefined) used[name] = variables[name];
  return used;
}
