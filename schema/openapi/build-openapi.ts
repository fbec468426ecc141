import {
  Kind, parse, typeFromAST, isInputType, type FragmentDefinitionNode, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import type { Operation } from '../../rest-bridge/operations.js';
import type { BridgeRequest, ModuleRoutes, QueryParamType, RouteSpec } from '../../rest-bridge/route-table.js';
import type { EnvelopeStyle } from '../../rest-bridge/envelopes.js';
import { InputSchemas, selectionSchema, type JsonSchema } from './graphql-json-schema.js';
import { ErrorResponses } from './error-responses.js';
import { HAND_DESCRIBED_PATHS } from './raw-routes.js';

/**
 * The OpenAPI 3.1 document of every REST path, generated from the route table (method, path, query, status, auth,
 * envelope) and the GraphQL operation behind each route (its variables give the request body, its selection on the
 * API schema the response), so it cannot drift from what the bridge serves. Paths a module serves itself (the AI
 * gateway's chat completions) are described beside their handlers (`raw-routes.ts`).
 */
export function buildOpenApi(api: GraphQLSchema, modules: ModuleRoutes[], operations: Map<string, Operation>, version: string): JsonSchema {
  const inputs = new InputSchemas();
  const errors = new ErrorResponses();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const module of modules) {
    for (const spec of module.routes) {
      const path = spec.path.replace(/:(\w+)/g, '{$1}');
      const operation = operations.get(spec.operation);
      if (!operation) throw new Error(`Route ${spec.method} ${spec.path} names unknown operation ${spec.operation}`);
      (paths[path] ??= {})[spec.method.toLowerCase()] = describeRoute(api, inputs, errors, module, spec, operation);
    }
  }
  for (const [path, methods] of Object.entries(HAND_DESCRIBED_PATHS)) paths[path] = { ...(paths[path] ?? {}), ...methods };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform API',
      version,
      description: 'Email, SMS, forms, webhooks, auth, calendar, support, domains, CRM, agent mailboxes and an AI gateway. Generated from the route table and the GraphQL schema (schema/openapi.json).',
    },
    servers: [{ url: 'http://localhost:4000', description: 'npm start' }],
    tags: modules.filter((m, i) => modules.findIndex((o) => o.module === m.module) === i).map((m) => ({ name: m.module })),
    security: [{ bearerKey: [] }, { apiKeyHeader: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`.' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The same API key in `X-API-Key`.' },
        gatewayKey: { type: 'http', scheme: 'bearer', description: 'An AI gateway key (`gw_sk_...`), for /ai/v1 completions and models only.' },
      },
      schemas: Object.fromEntries(Object.entries(inputs.components).sort(([a], [b]) => a.localeCompare(b))),
      responses: errors.components,
    },
  };
}

function describeRoute(api: GraphQLSchema, inputs: InputSchemas, errors: ErrorResponses, module: ModuleRoutes, spec: RouteSpec, operation: Operation): Record<string, unknown> {
  const document = parse(operation.query);
  const definition = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const variableTypes = new Map<string, GraphQLInputType>();
  for (const variable of definition.variableDefinitions ?? []) {
    const type = typeFromAST(api, variable.type as never);
    if (type && isInputType(type)) variableTypes.set(variable.variable.name.value, type);
  }
  const pathParams = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(spec.query ?? {}).map(([name, type]) => ({ name, in: 'query', required: false, ...queryParam(type) })),
    ...headersRead(spec).map((name) => ({ name, in: 'header', required: false, schema: { type: 'string' } })),
  ];
  const takesBody = !spec.ignoreBody && spec.method !== 'GET' && (spec.method !== 'DELETE' || spec.deleteWithBody);
  const body = takesBody ? bodySchema(spec, variableTypes, inputs) : undefined;
  const status = spec.respond ? respondStatus(spec) : spec.status ?? 200;
  const result = definition.selectionSet.selections.find((s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === spec.result);
  const rootType = definition.operation === 'mutation' ? api.getMutationType() : api.getQueryType();
  const field = result?.kind === Kind.FIELD ? rootType?.getFields()[result.name.value] : undefined;
  if (!field || result?.kind !== Kind.FIELD) throw new Error(`Operation ${operation.name} has no root field ${spec.result}`);
  const data = selectionSchema(api, field.type, result.selectionSet, fragments);
  const success = spec.respond || spec.stream
    ? { description: 'Not the JSON envelope: see the module documentation (a redirect, a pixel, a file, or an answer shaped by the route).' }
    : { description: 'Success', content: { 'application/json': { schema: envelope(module.envelope, data, !!spec.list) } } };
  return {
    tags: [module.module],
    operationId: operationId(spec),
    summary: field.description ?? `${spec.method} ${spec.path}`,
    ...(spec.auth === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { [spec.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: body } } } } : {}),
    // The success answer wins over an error of the same status (CRM's accepted writes vs its PENDING reads, both 202).
    responses: { ...errors.for(module.module, module.envelope, spec, readsCredentials(spec)), [String(status)]: success },
    'x-graphql-operation': operation.name,
  };
}

function queryParam(type: QueryParamType): Record<string, unknown> {
  switch (type) {
    case 'int': return { schema: { type: 'integer' } };
    case 'boolean': return { schema: { type: 'boolean' } };
    case 'string[]': return { schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: false, description: 'Comma-separated, or repeated (`name=a&name=b`, `name[]=a`).' };
    default: return { schema: { type: 'string', maxLength: 1000 } };
  }
}

/** Request headers a route's `variables` reads (Idempotency-Key, the widget's tokens), found by running it. */
function headersRead(spec: RouteSpec): string[] {
  const read = new Set<string>(Object.values(spec.headerVariables ?? {}));
  if (!spec.variables) return [...read].map(headerName);
  const headers = new Proxy({}, { get: (_t, name) => (typeof name === 'string' && read.add(name), undefined) });
  try {
    spec.variables({ params: new Proxy({}, { get: () => 'x' }), query: {}, body: {}, headers, ip: '127.0.0.1' });
  } catch {
    // a route that refuses the empty body still read its headers first, or reads none
  }
  return [...read].map(headerName);
}

/** A public route that reads a token header (the support widget's) answers 401 when the token is wrong. */
function readsCredentials(spec: RouteSpec): boolean {
  return spec.auth === 'public' && headersRead(spec).some((name) => /token|signature|password/i.test(name));
}

/**
 * The status a route's own `respond` writes (CRM's accepted writes answer 202, tracking links redirect), found by
 * running it on an empty result; the route's declared status when it cannot tell.
 */
function respondStatus(spec: RouteSpec): number {
  const res = { statusCode: 0, written: 0, writeHead(code: number) { this.written = code; return this; }, setHeader() { return this; }, getHeader: () => undefined, write: () => true, end() { return this; }, on() { return this; }, once() { return this; } };
  try {
    spec.respond!({}, res as never, { params: new Proxy({}, { get: () => 'x' }), query: {}, body: {}, headers: {}, ip: '127.0.0.1' });
  } catch {
    // a respond that needs a real result: keep the declared status
  }
  const found = res.written || res.statusCode;
  return found > 0 && found < 400 ? found : spec.status ?? 200; // an empty result may read as not found: not the success status
}

/** `idempotency-key` → `Idempotency-Key`. */
function headerName(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

/** A value no route could make up: where it lands in a route's variables is where the body goes. */
const BODY = Object.freeze({ __openapiBody: true });

/**
 * The request body's schema: the GraphQL type found where the route's `variables` puts the body (found by running it
 * on a marker body); else the one variable that is neither a path nor a query parameter.
 */
function bodySchema(spec: RouteSpec, variableTypes: Map<string, GraphQLInputType>, inputs: InputSchemas): JsonSchema | undefined {
  const fromParams = new Set([...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).concat(Object.keys(spec.query ?? {}), Object.keys(spec.headerVariables ?? {})));
  let placed: string[] | undefined;
  if (spec.bodyVariable) {
    placed = [spec.bodyVariable];
  } else if (spec.variables) {
    const request: BridgeRequest = { params: new Proxy({}, { get: () => 'x' }), query: {}, body: BODY, headers: new Proxy({}, { get: () => undefined }), ip: '127.0.0.1' };
    try {
      placed = pathTo(spec.variables(request), BODY);
    } catch {
      placed = undefined; // the route checks the body's shape itself: fall back on the variable types
    }
  } else return undefined; // path and query parameters only
  if (placed && placed.length > 0) {
    let type: GraphQLInputType | undefined = variableTypes.get(placed[0]!);
    for (const key of placed.slice(1)) type = type ? inputFieldType(type, key) : undefined;
    if (type) return inputs.required(type);
  }
  const rest = [...variableTypes].filter(([name]) => !fromParams.has(name));
  if (rest.length === 1) return inputs.required(rest[0]![1]);
  if (rest.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(rest.map(([name, type]) => [name, inputs.of(type)])) };
}

function pathTo(value: unknown, target: unknown, trail: string[] = [], depth = 0): string[] | undefined {
  if (value === target) return trail;
  if (depth > 4 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = pathTo(inner, target, [...trail, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function inputFieldType(type: GraphQLInputType, key: string): GraphQLInputType | undefined {
  const named = 'ofType' in type ? inputFieldType(type.ofType as GraphQLInputType, key) : undefined;
  if (named) return named;
  if ('getFields' in type) return (type.getFields() as Record<string, { type: GraphQLInputType }>)[key]?.type;
  return undefined;
}

/** The module's success envelope around the route's data (rest-bridge/envelopes.ts, as schemas). */
function envelope(style: EnvelopeStyle, data: JsonSchema, list: boolean): JsonSchema {
  const items = list ? ((data.properties as Record<string, JsonSchema> | undefined)?.data ?? { type: 'array' }) : data;
  const meta = list ? ((data.properties as Record<string, JsonSchema> | undefined)?.meta ?? { type: 'object' }) : undefined;
  switch (style) {
    case 'platform':
    case 'domains':
      return object({ success: { const: true }, data: items, ...(meta ? { meta } : {}) });
    case 'forms':
    case 'support':
    case 'crm':
    case 'mailboxes':
      return object({ data: items, ...(meta ? { meta } : {}) });
    case 'sms':
      return list ? object({ totalCount: { type: 'integer' }, messages: items }) : data;
    case 'openai':
      return list ? object({ object: { const: 'list' }, data: items }) : data;
  }
}

function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

function operationId(spec: RouteSpec): string {
  const words = spec.path.split('/').filter(Boolean).map((part) => (part.startsWith(':') ? `By ${part.slice(1)}` : part));
  const camel = words.join(' ').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
  return `${spec.method.toLowerCase()}${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}
