import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import {
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type GraphQLFormattedError,
} from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CallerContext, SubgraphContext } from '../platform/context/subgraph-context.js';
import { forkForTenant } from '../platform/orm/tenancy.js';
import { assertSubgraphScope } from '../platform/auth/module-scope.js';
import { DomainError } from '../platform/errors/domain-error.js';
import { QUERY_LIMITS, queryLimitRules } from '../platform/graphql/query-limits.js';
import { LRUCache } from 'lru-cache';
import type { Attributes } from '@opentelemetry/api';
import { callerAttributes, inSpan } from '../platform/tracing/spans.js';

/** A subgraph applies the same limits as the gateway (with room for the plan's own nesting), whoever sends the fetch. */
const RULES = [...specifiedRules, ...queryLimitRules('subgraph')];

const MAX_CACHED_DOCUMENTS = 2000;

/** A caller context carrying an answer a subgraph already gave for this request (see `replaying`). */
const ANSWERED = Symbol('answered by the subgraph');
type Answer = { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] };
interface Replay {
  source: InProcessDataSource;
  answer: Answer;
  used: boolean;
}

/** What a fetch sends: the operation text, its name and the variables it uses. */
export interface SubgraphRequest {
  query?: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

/**
 * Runs a subgraph in the gateway's process: no HTTP hop, and each query-plan fetch is parsed and validated
 * once (the gateway sends the same fetch text for the same operation), then cached.
 * The subgraph gets its own context: the caller's identity plus a fresh tenant-scoped EntityManager.
 */
export class InProcessDataSource implements GraphQLDataSource<CallerContext & Record<string, any>> {
  private readonly documents = new LRUCache<string, DocumentNode | readonly GraphQLFormattedError[]>({
    max: MAX_CACHED_DOCUMENTS,
  });

  /** @param scope the subgraph's scope, demanded of every caller with a key (null: the subgraph checks its own). */
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly orm: MikroORM,
    private readonly name: string,
    private readonly scope: string | null,
  ) {}

  /** One span per fetch of the query plan: the hop into the subgraph, which no HTTP instrumentation sees here. */
  process(options: GraphQLDataSourceProcessOptions<CallerContext & Record<string, any>>) {
    const replay = (options.context as { [ANSWERED]?: Replay } | undefined)?.[ANSWERED];
    if (replay?.source === this && !replay.used) {
      replay.used = true;
      return Promise.resolve(replay.answer);
    }
    return this.fetch(options.request, options.context as CallerContext);
  }

  /**
   * The caller with an answer this subgraph already gave to this request's single fetch (a mutation the bridge sent
   * itself): the gateway's one fetch to this subgraph for it gets that answer instead of running the operation again,
   * so the gateway shapes it (errors, codes, masking, logging) exactly as it shapes its own fetch's.
   */
  replaying(caller: CallerContext, answer: Answer): CallerContext {
    return { ...caller, [ANSWERED]: { source: this, answer, used: false } satisfies Replay } as CallerContext;
  }

  /** One fetch: the gateway's (process), or an operation the gateway would send here alone, sent by the bridge or /graphql (single-fetch-plans.ts). */
  fetch(request: SubgraphRequest, caller: CallerContext): Promise<Answer> {
    const attributes: Attributes = {
      ...callerAttributes(caller?.requestId, caller?.auth?.organizationId),
      'graphql.subgraph.name': this.name,
    };
    if (request.operationName) attributes['graphql.operation.name'] = request.operationName;
    return inSpan(`subgraph ${this.name}`, attributes, () => this.run(request, caller));
  }

  private async run(request: SubgraphRequest, caller: CallerContext) {
    const query = request.query ?? '';
    let document = this.documents.get(query);
    if (!document) {
      const parsed = parse(query, { maxTokens: QUERY_LIMITS.maxTokens });
      const errors = validate(this.schema, parsed, RULES);
      document = errors.length ? errors.map((e) => e.toJSON()) : parsed;
      this.documents.set(query, document);
    }
    if (Array.isArray(document)) return { errors: document as GraphQLFormattedError[] };
    try {
      assertSubgraphScope(caller.auth, this.scope);
    } catch (error) {
      return { errors: [(error as DomainError).toJSON()] };
    }
    const subgraphContext: SubgraphContext = {
      requestId: caller.requestId,
      auth: caller.auth,
      em: caller.auth
        ? forkForTenant(this.orm.em, caller.auth.organizationId)
        : this.orm.em.fork({ clear: true, useContext: false }),
      loaders: new Map(),
    };
    const result = await execute({
      schema: this.schema,
      document: document as DocumentNode,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: subgraphContext,
    });
    // Without data, execution refused the request itself: variables a custom scalar (JSONObject, DateTime) could not
    // take. The gateway passes such scalars through unchecked, so this is the caller's mistake, as it is in split mode.
    if (result.data === undefined && result.errors) return { errors: result.errors.map(asBadUserInput) };
    return {
      data: result.data as Record<string, unknown> | null | undefined,
      errors: result.errors?.map((e) => e.toJSON()),
    };
  }
}

function asBadUserInput(error: GraphQLError): GraphQLFormattedError {
  const formatted = error.toJSON();
  return formatted.extensions?.code
    ? formatted
    : { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' } };
}
