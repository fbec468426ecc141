// /graphql's share of single-fetch-plans.ts, at two depths. The gateway handed to Apollo Server is ApolloGateway with
// its executor wrapped: behind Apollo Server's whole pipeline (parsing, validation with the depth, alias and cost
// limits, the field rate limits and metrics plugins), an operation whose plan is one plain fetch from one in-process
// subgraph is sent as that fetch (the subgraph still demands its scope of the caller), without plan execution and the
// gateway's result shaping. And Apollo Server itself answers the plainest requests of such an operation (a JSON POST
// of a query it has already validated and planned, wanting plain JSON back) without its request pipeline, as the
// REST bridge does (bridge-executor.ts); a query the gateway planned as several fetches (a CRM contact with its
// bookings and submissions) is handed to ApolloGateway's executor the same way, plan execution and result shaping
// unchanged. Anything else, variables the gateway would refuse, an answer with errors and a request for the plan
// itself take the whole road, so their answers are the gateway's (a read answered with errors runs again there).
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { GraphQLError } from 'graphql';
import {
  ApolloServer,
  HeaderMap,
  type ApolloServerOptionsWithGateway,
  type ContextThunk,
  type HTTPGraphQLRequest,
  type HTTPGraphQLResponse,
} from '@apollo/server';
import type { ApolloGateway } from '@apollo/gateway';
import type { GatewayExecutor, GatewayHTTPRequest, GatewayInterface } from '@apollo/server-gateway-interface';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import type { PlatformMetrics } from '../platform/metrics/platform-metrics.js';
import { runSingleFetch, type PlannedQuery, type SingleFetchPlans } from './single-fetch-plans.js';

/** Asks the gateway for the query plan of an operation (outside production): only the gateway can answer it. */
const QUERY_PLAN_HEADER = 'apollo-query-plan-experimental';
/** Content types of a JSON body, and Accept values for which Apollo Server answers a result as APPLICATION_JSON. */
const JSON_BODY = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const PLAIN_ACCEPT = new Set([undefined, '*/*', 'application/json']);
/** Apollo Server's content type of a single result (MEDIA_TYPES.APPLICATION_JSON). */
const APPLICATION_JSON = 'application/json; charset=utf-8';
const BODY_FIELDS = new Set(['query', 'operationName', 'variables']);

/** ApolloGateway as Apollo Server sees it, its executor taking single-fetch operations straight to their subgraph. */
export function singleFetchGateway(gateway: ApolloGateway, plans: SingleFetchPlans): GatewayInterface {
  return {
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
    load: async (options) => {
      const loaded = await gateway.load(options);
      plans.gatewayExecutor = loaded.executor ?? undefined;
      return { ...loaded, executor: loaded.executor && singleFetchExecutor(loaded.executor, plans) };
    },
  };
}

function singleFetchExecutor(throughGateway: GatewayExecutor, plans: SingleFetchPlans): GatewayExecutor {
  return async (requestContext) => {
    const { request } = requestContext;
    // An empty operation name names no operation for Apollo Server, while ApolloGateway runs the only one; Apollo
    // Server then finds a result for no operation and answers 500. Refused as graphql-js refuses it (a 400).
    if (request.operationName === '') return { errors: [new GraphQLError('Unknown operation named "".')] };
    const fetch = plans.fetchForDocument(requestContext.queryHash, request.operationName);
    if (!fetch || request.http?.headers.has(QUERY_PLAN_HEADER)) return throughGateway(requestContext);
    const data = await runSingleFetch(fetch, request.variables, requestContext.context as CallerContext);
    return data ? { data } : throughGateway(requestContext);
  };
}

/** Apollo Server over the single-fetch gateway, answering the plainest requests of single-fetch operations itself. */
export class SingleFetchApolloServer extends ApolloServer<CallerContext> {
  /** Query texts and their hashes, bounded by the texts' total length. */
  private readonly hashes = new LRUCache<string, string>({
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (_hash, query) => query.length + 64,
  });

  constructor(
    options: ApolloServerOptionsWithGateway<CallerContext>,
    private readonly plans: SingleFetchPlans,
    private readonly metrics?: PlatformMetrics,
  ) {
    super(options);
  }

  override async executeHTTPGraphQLRequest(args: {
    httpGraphQLRequest: HTTPGraphQLRequest;
    context: ContextThunk<CallerContext>;
  }): Promise<HTTPGraphQLResponse> {
    const answer = await this.singleFetchAnswer(args.httpGraphQLRequest, args.context);
    return answer ?? super.executeHTTPGraphQLRequest(args);
  }

  /** Apollo Server's hash of a query text, remembered for the texts clients repeat (a hash per request showed in profiles). */
  private queryHash(query: string): string {
    let hash = this.hashes.get(query);
    if (hash === undefined) {
      hash = createHash('sha256').update(query).digest('hex');
      this.hashes.set(query, hash);
    }
    return hash;
  }

  /** What Apollo Server would answer a POST of a planned query that succeeds; undefined for anything else. */
  private async singleFetchAnswer(
    { method, headers, body }: HTTPGraphQLRequest,
    context: ContextThunk<CallerContext>,
  ): Promise<HTTPGraphQLResponse | undefined> {
    if (
      method !== 'POST' ||
      !JSON_BODY.has(headers.get('content-type')?.toLowerCase() ?? '') ||
      !PLAIN_ACCEPT.has(headers.get('accept')) ||
      headers.has(QUERY_PLAN_HEADER)
    )
      return undefined;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { query, operationName, variables } = body as Record<string, unknown>;
    for (const field in body) if (!BODY_FIELDS.has(field)) return undefined; // extensions (persisted queries) and the unknown
    if (typeof query !== 'string' || (operationName != null && typeof operationName !== 'string')) return undefined;
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
    // Apollo Server's queryHash: a text it has parsed and validated (the gateway planned it), the same operation chosen.
    const queryHash = this.queryHash(query);
    const { fetch, planned } = this.plans.decisionFor(queryHash, operationName as string | null | undefined) ?? {};
    if (!fetch && !planned) return undefined;
    let caller: CallerContext;
    try {
      caller = await context();
    } catch {
      return undefined; // Apollo Server answers a failed context in its own way
    }
    const data = fetch
      ? await runSingleFetch(fetch, (variables ?? undefined) as Record<string, unknown> | undefined, caller)
      : await this.runPlanned(
          planned!,
          {
            query,
            queryHash,
            operationName: operationName as string | undefined,
            variables: (variables ?? undefined) as Record<string, unknown> | undefined,
            headers,
          },
          caller,
        );
    if (!data) return undefined;
    this.metrics?.graphqlOperations.inc({ type: 'query', outcome: 'ok' });
    return {
      status: 200,
      headers: new HeaderMap([['content-type', APPLICATION_JSON]]),
      body: { kind: 'complete', string: `${JSON.stringify({ data })}\n` },
    };
  }

  /**
   * A planned query run by ApolloGateway's executor as Apollo Server would call it (plan execution, `_entities` fetches,
   * result shaping), without the request pipeline around it. Its data when the answer is plain (no errors, no
   * extensions, no response headers or status set); undefined otherwise, and Apollo Server answers the request itself.
   */
  private async runPlanned(
    { document, operation, schema }: PlannedQuery,
    request: {
      query: string;
      queryHash: string;
      operationName?: string;
      variables?: Record<string, unknown>;
      headers: HeaderMap;
    },
    caller: CallerContext,
  ): Promise<Record<string, unknown> | undefined> {
    const executor = this.plans.gatewayExecutor;
    if (!executor) return undefined;
    const responseHeaders = new HeaderMap();
    const response = { http: { headers: fetcherHeaders(responseHeaders), status: undefined as number | undefined } };
    let result: Awaited<ReturnType<GatewayExecutor>>;
    try {
      result = await executor({
        request: {
          query: request.query,
          operationName: request.operationName,
          variables: request.variables,
          http: { method: 'POST', url: 'https://unknown-url.invalid/', headers: fetcherHeaders(request.headers) },
        },
        response,
        logger: this.logger,
        schema,
        schemaHash: '' as never,
        context: caller,
        cache: this.cache,
        queryHash: request.queryHash,
        document,
        source: request.query,
        operationName: operation.name?.value ?? null,
        operation,
        metrics: {},
        overallCachePolicy: undefined,
        requestIsBatched: false,
      });
    } catch {
      return undefined; // Apollo Server's pipeline meets the same failure and answers it in its own way
    }
    if (
      result.errors?.length ||
      result.extensions ||
      !result.data ||
      responseHeaders.size ||
      response.http.status !== undefined
    )
      return undefined;
    return result.data;
  }
}

/** A HeaderMap as the gateway's executor reads and writes headers (Apollo Server's own adapter does the same). */
function fetcherHeaders(map: HeaderMap): GatewayHTTPRequest['headers'] {
  return {
    append: (name, value) => void map.set(name, map.has(name) ? `${map.get(name)}, ${value}` : value),
    delete: (name) => void map.delete(name),
    get: (name) => map.get(name) ?? null,
    has: (name) => map.has(name),
    set: (name, value) => void map.set(name, value),
    entries: () => map.entries(),
    keys: () => map.keys(),
    values: () => map.values(),
    [Symbol.iterator]: () => map.entries(),
  };
}
