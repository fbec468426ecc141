import {
  execute,
  extendSchema,
  isObjectType,
  Kind,
  parse,
  printSchema,
  specifiedRules,
  validate,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { DomainError } from '../platform/errors/domain-error.js';
import { queryLimitRules } from '../platform/graphql/query-limits.js';

/** The GraphQL request of a POST body or a GET query string. */
export interface GraphqlParams {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/** Refusal of a subscription sent over HTTP: it can only be served over a WebSocket. */
export const SUBSCRIPTION_OVER_HTTP =
  'Subscriptions are served over WebSocket, not HTTP: connect with a graphql-ws client (subprotocol graphql-transport-ws) to this same path, ws(s)://<host>/graphql, with the API key in connectionParams ({"Authorization": "Bearer <key>"}).';

/** The operation the request runs, when its text parses (GraphQL answers a syntax error itself). */
function chosenOperation(
  params: GraphqlParams,
  needle: RegExp,
): { document: DocumentNode; operation: OperationDefinitionNode } | undefined {
  if (typeof params.query !== 'string' || !needle.test(params.query)) return undefined;
  let document: DocumentNode;
  try {
    document = parse(params.query, { maxTokens: 20_000 });
  } catch {
    return undefined;
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof params.operationName === 'string'
      ? operations.find((o) => o.name?.value === params.operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  return operation ? { document, operation } : undefined;
}

/**
 * A document holding a subscription sent over HTTP is a 400 naming graphql-ws on the same path: the gateway's schema has
 * no Subscription root, so it could not even validate the document (whichever operation is named).
 */
export function refuseSubscriptionOverHttp(params: GraphqlParams): void {
  if (typeof params.query !== 'string' || !/\bsubscription\b/.test(params.query)) return;
  let document: DocumentNode;
  try {
    document = parse(params.query, { maxTokens: 20_000 });
  } catch {
    return; // GraphQL answers the syntax error itself
  }
  if (document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'subscription'))
    throw new DomainError('INVALID_REQUEST', SUBSCRIPTION_OVER_HTTP);
}

/**
 * The API schema with the Subscription root that graphql-ws serves beside the gateway (subscriptions never enter the
 * supergraph), for introspection only: GraphiQL's docs pane and generated clients see every root. Types the
 * subscription schema shares with the API by name are the API's.
 */
export function withSubscriptionRoot(api: GraphQLSchema, subscriptions: GraphQLSchema): GraphQLSchema {
  const root = subscriptions.getSubscriptionType();
  if (!root || api.getSubscriptionType()) return api;
  const printed = parse(printSchema(subscriptions));
  const query = subscriptions.getQueryType()?.name;
  const definitions: DefinitionNode[] = printed.definitions.filter((d) => {
    if (d.kind === Kind.SCHEMA_DEFINITION || !('name' in d) || !d.name) return false;
    return d.name.value !== query && !api.getType(d.name.value);
  });
  definitions.push({
    kind: Kind.SCHEMA_EXTENSION,
    operationTypes: [
      {
        kind: Kind.OPERATION_TYPE_DEFINITION,
        operation: 'subscription' as never,
        type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: root.name } },
      },
    ],
  });
  return extendSchema(api, { kind: Kind.DOCUMENT, definitions }, { assumeValidSDL: true });
}

/** Only `__schema`, `__type` and `__typename` at the root: nothing a subgraph resolves. */
function introspectionOnly(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))
  );
}

/**
 * Answers a pure introspection query from the schema with the Subscription root; undefined for any other request
 * (the gateway runs it). The same validation limits as the gateway's apply.
 */
export function answerIntrospection(
  params: GraphqlParams,
  schema: GraphQLSchema | undefined,
): { data?: unknown; errors?: unknown[] } | undefined {
  if (!schema) return undefined;
  const chosen = chosenOperation(params, /__schema|__type\b/);
  if (!chosen || !introspectionOnly(chosen.operation) || !isObjectType(schema.getQueryType())) return undefined;
  const errors = validate(schema, chosen.document, [...specifiedRules, ...queryLimitRules('gateway')]);
  if (errors.length > 0) return undefined; // the gateway answers them in its own words and codes
  const variables =
    typeof params.variables === 'object' && params.variables !== null
      ? (params.variables as Record<string, unknown>)
      : undefined;
  const result = execute({
    schema,
    document: chosen.document,
    operationName: chosen.operation.name?.value,
    variableValues: variables,
  });
  if (result instanceof Promise) return undefined;
  return result.errors ? { data: result.data, errors: result.errors.map((e) => e.toJSON()) } : { data: result.data };
}
