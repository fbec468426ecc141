import { Kind, parse, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Operation } from '../../rest-bridge/operations.js';
import type { ModuleRoutes, QueryParamType, RouteSpec } from '../../rest-bridge/route-table.js';
import type { EnvelopeStyle } from '../../rest-bridge/envelopes.js';
import { selectionSchema, type JsonSchema } from './graphql-json-schema.js';
import { bodyPlacement, InputSchemas, placementSchema, variableTypes } from '../../rest-bridge/body-schema.js';
import { classValidatorRules } from '../../platform/validation/input-rule-schema.js';
import { ErrorResponses } from './error-responses.js';
import { exampleOf, type ResolveRef } from './examples.js';
import { HAND_DESCRIBED_PATHS } from './raw-routes.js';

/**
 * The OpenAPI 3.1 document of every REST path, generated from the route table (method, path, query, status, auth,
 * envelope) and the GraphQL operation behind each route (its variables give the request body, its selection on the
 * API schema the response), so it cannot drift from what the bridge serves. Paths a module serves itself (the AI
 * gateway's chat completions) are described beside their handlers (`raw-routes.ts`).
 */
export function buildOpenApi(
  api: GraphQLSchema,
  modules: ModuleRoutes[],
  operations: Map<string, Operation>,
  version: string,
): JsonSchema {
  const inputs = new InputSchemas(classValidatorRules());
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
  for (const [path, methods] of Object.entries(HAND_DESCRIBED_PATHS))
    paths[path] = {
      ...(paths[path] ?? {}),
      ...Object.fromEntries(
        Object.entries(methods).map(([method, op]) => [method, withActionSummary(op as HandOperation)]),
      ),
    };
  addExamples(paths, (ref) => inputs.components[ref.slice('#/components/schemas/'.length)]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform API',
      version,
      description:
        'Email, SMS, forms, webhooks, auth, calendar, support, domains, CRM, agent mailboxes and an AI gateway. Generated from the route table and the GraphQL schema (schema/openapi.json).',
    },
    // A running platform serves this document with its own PUBLIC_URL here (gateway/api-docs.ts).
    servers: [{ url: 'http://localhost:4000', description: 'npm start' }],
    tags: modules
      .filter((m, i) => modules.findIndex((o) => o.module === m.module) === i)
      .map((m) => ({
        name: m.module,
        description: TAG_DESCRIPTIONS[m.module] ?? `The ${m.module} module's REST paths, under ${m.prefix}.`,
      })),
    security: [{ bearerKey: [] }, { apiKeyHeader: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`.' },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'The same API key in `X-API-Key`.',
        },
        gatewayKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An AI gateway key (`gw_sk_...`), for /ai/v1 completions and models only.',
        },
      },
      schemas: Object.fromEntries(Object.entries(inputs.components).sort(([a], [b]) => a.localeCompare(b))),
      responses: errors.components,
    },
  };
}

function describeRoute(
  api: GraphQLSchema,
  inputs: InputSchemas,
  errors: ErrorResponses,
  module: ModuleRoutes,
  spec: RouteSpec,
  operation: Operation,
): Record<string, unknown> {
  const document = parse(operation.query);
  const definition = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const pathParams = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(spec.query ?? {}).map(([name, type]) => ({
      name,
      in: 'query',
      required: false,
      ...queryParam(type),
    })),
    ...headersRead(spec).map((name) => ({ name, in: 'header', required: false, schema: { type: 'string' } })),
  ];
  const takesBody = !spec.ignoreBody && spec.method !== 'GET' && (spec.method !== 'DELETE' || spec.deleteWithBody);
  const placement = takesBody ? bodyPlacement(spec, variableTypes(api, operation)) : undefined;
  const body = placement ? placementSchema(placement, inputs) : undefined;
  const status = spec.respond ? respondStatus(spec) : (spec.status ?? 200);
  const result = definition.selectionSet.selections.find(
    (s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === spec.result,
  );
  const rootType = definition.operation === 'mutation' ? api.getMutationType() : api.getQueryType();
  const field = result?.kind === Kind.FIELD ? rootType?.getFields()[result.name.value] : undefined;
  if (!field || result?.kind !== Kind.FIELD)
    throw new Error(`Operation ${operation.name} has no root field ${spec.result}`);
  const data = without(
    withFilled(selectionSchema(api, field.type, result.selectionSet, fragments), spec.filled ?? []),
    spec.respondEnvelopeWithout ?? [],
  );
  const success =
    (spec.respond && !spec.respondEnvelopeWithout) || spec.stream
      ? {
          description:
            'Not the JSON envelope: see the module documentation (a redirect, a pixel, a file, or an answer shaped by the route).',
        }
      : {
          description: 'Success',
          content: { 'application/json': { schema: envelope(module.envelope, data, !!spec.list) } },
        };
  return {
    tags: [module.module],
    operationId: operationId(spec),
    summary: actionName(operation.name),
    description: routeDescription(spec, definition.operation, field.name, field.description, status),
    ...(spec.auth === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: {
              [spec.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: body },
            },
          },
        }
      : {}),
    // The success answer wins over an error of the same status (CRM's accepted writes vs its PENDING reads, both 202).
    responses: {
      ...errors.for(module.module, module.envelope, spec, readsCredentials(spec)),
      [String(status)]: success,
    },
    'x-graphql-operation': operation.name,
  };
}

/** The result's object schema less the fields a route's `respond` sends as headers instead of in the body. */
function without(data: JsonSchema, names: readonly string[]): JsonSchema {
  if (names.length === 0) return data;
  const properties = { ...(data.properties as Record<string, JsonSchema> | undefined) };
  for (const name of names) {
    if (!(name in properties)) throw new Error(`respondEnvelopeWithout: the route's result has no field ${name}`);
    delete properties[name];
  }
  const required = (data.required as string[] | undefined)?.filter((name) => !names.includes(name));
  return { ...data, properties, ...(required ? { required } : {}) };
}

/** The route's always-filled fields without their `null`: `{type: [T, 'null']}` → `{type: T}`, `anyOf [S, null]` → S. */
function withFilled(data: JsonSchema, filled: string[]): JsonSchema {
  if (filled.length === 0) return data;
  const properties = { ...(data.properties as Record<string, JsonSchema> | undefined) };
  for (const name of filled) {
    const shape = properties[name];
    if (!shape) throw new Error(`filled: the route's result has no field ${name}`);
    properties[name] = nonNull(shape);
  }
  return { ...data, properties };
}

function nonNull(shape: JsonSchema): JsonSchema {
  if (Array.isArray(shape.anyOf)) {
    const rest = (shape.anyOf as JsonSchema[]).filter((s) => s.type !== 'null');
    return rest.length === 1
      ? { ...rest[0]!, ...(shape.description ? { description: shape.description } : {}) }
      : { ...shape, anyOf: rest };
  }
  if (Array.isArray(shape.type)) {
    const types = (shape.type as string[]).filter((t) => t !== 'null');
    const enumValues = Array.isArray(shape.enum) ? { enum: (shape.enum as unknown[]).filter((v) => v !== null) } : {};
    return { ...shape, type: types.length === 1 ? types[0] : types, ...enumValues };
  }
  return shape;
}

/** What each module's tag says in the reference; a module without an entry gets one naming its prefix. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  email:
    'Transactional email: send one or a batch, templates, messages and their events, suppressions, stats, sending domains.',
  sms: 'SMS: send one or a batch, templates, messages and their delivery status, inbound messages, the sandbox carrier.',
  forms: 'Forms: build forms and their fields, publish them, collect and export submissions, analytics.',
  webhooks: 'Webhooks: endpoints, their signed deliveries with retries, delivery logs, test events.',
  auth: 'Auth: users, sessions, sign-in with passwords, MFA and SSO connections, organizations, applications, logs.',
  calendar: 'Calendar: schedules, event types, available slots, bookings and their lifecycle.',
  support: 'Support: inboxes, conversations, messages, visitors and companies, canned replies, the chat widget.',
  domains: 'Domains: registration, transfers and renewals, DNS zones and records, DNSSEC, presets.',
  crm: 'CRM: contacts and companies, custom properties, CQL queries, lists, integrations.',
  mailboxes: 'Agent mailboxes: mailboxes on the platform or custom domains, sending, threads, inbox, labels, rules.',
  'ai-gateway': 'AI gateway: gateway keys, providers and routes; OpenAI-compatible chat completions and models.',
};

/** An operation's name as the action it performs: `SendMailboxMessage` is "Send mailbox message". */
export function actionName(operationName: string): string {
  const words = operationName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ');
  return words.map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
}

/** What the route does and answers: the GraphQL field's own description, then the route's facts. */
function routeDescription(
  spec: RouteSpec,
  kind: string,
  field: string,
  described: string | null | undefined,
  status: number,
): string {
  const facts = [
    described ? (/[.!?]$/.test(described) ? described : `${described}.`) : `${actionName(spec.operation)}.`,
    spec.list ? 'A page of results with its `meta` (see Pagination in the API conventions).' : undefined,
    spec.headerVariables && Object.values(spec.headerVariables).includes('idempotency-key')
      ? 'Retrying with the same `Idempotency-Key` answers the first result.'
      : undefined,
    spec.auth === 'public' ? 'Needs no API key.' : undefined,
    `Answers ${status} on success. Runs the GraphQL ${kind} \`${field}\`.`,
  ];
  return facts.filter(Boolean).join(' ');
}

/** An example for every JSON request body and success answer that has none, made from its schema (examples.ts). */
function addExamples(paths: Record<string, Record<string, unknown>>, resolve: ResolveRef): void {
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods) as {
      requestBody?: { content?: Record<string, MediaType> };
      responses?: Record<string, { content?: Record<string, MediaType> }>;
    }[]) {
      const request = operation.requestBody?.content?.['application/json'];
      if (request?.schema && request.example === undefined)
        request.example = exampleOf(request.schema, resolve, { full: false });
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (/^2/.test(status) && media?.schema && media.example === undefined)
          media.example = exampleOf(media.schema, resolve, { full: true });
      }
    }
  }
}

interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

function queryParam(type: QueryParamType): Record<string, unknown> {
  switch (type) {
    case 'int':
      return { schema: { type: 'integer' } };
    case 'boolean':
      return { schema: { type: 'boolean' } };
    case 'string[]':
      return {
        schema: { type: 'array', items: { type: 'string' } },
        style: 'form',
        explode: false,
        description: 'Comma-separated, or repeated (`name=a&name=b`, `name[]=a`).',
      };
    default:
      return { schema: { type: 'string', maxLength: 1000 } };
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
  const res = {
    statusCode: 0,
    written: 0,
    writeHead(code: number) {
      this.written = code;
      return this;
    },
    setHeader() {
      return this;
    },
    getHeader: () => undefined,
    write: () => true,
    end() {
      return this;
    },
    on() {
      return this;
    },
    once() {
      return this;
    },
  };
  try {
    spec.respond!({}, res as never, {
      params: new Proxy({}, { get: () => 'x' }),
      query: {},
      body: {},
      headers: {},
      ip: '127.0.0.1',
    });
  } catch {
    // a respond that needs a real result: keep the declared status
  }
  const found = res.written || res.statusCode;
  return found > 0 && found < 400 ? found : (spec.status ?? 200); // an empty result may read as not found: not the success status
}

/** `idempotency-key` → `Idempotency-Key`. */
function headerName(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

/** The module's success envelope around the route's data (rest-bridge/envelopes.ts, as schemas). */
function envelope(style: EnvelopeStyle, data: JsonSchema, list: boolean): JsonSchema {
  const items = list ? ((data.properties as Record<string, JsonSchema> | undefined)?.data ?? { type: 'array' }) : data;
  const meta = list
    ? ((data.properties as Record<string, JsonSchema> | undefined)?.meta ?? { type: 'object' })
    : undefined;
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
      if (!list) return data;
      {
        const page = (meta?.properties ?? {}) as Record<string, JsonSchema>;
        return page.total
          ? object({ totalCount: { type: 'integer' }, messages: items })
          : object({
              messages: items,
              cursor: page.cursor ?? { type: ['string', 'null'] },
              hasMore: page.hasMore ?? { type: 'boolean' },
            });
      }
    case 'openai':
      return list ? object({ object: { const: 'list' }, data: items }) : data;
  }
}

function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

function operationId(spec: RouteSpec): string {
  const words = spec.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By ${part.slice(1)}` : part));
  const camel = words
    .join(' ')
    .replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
  return `${spec.method.toLowerCase()}${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}

type HandOperation = { operationId?: string; summary?: string; description?: string } & Record<string, unknown>;

/** A hand-described operation whose summary is a sentence: the sentence becomes its description, the summary its action. */
function withActionSummary(op: HandOperation): HandOperation {
  if (op.description || !op.operationId || !op.summary) return op;
  return {
    ...op,
    summary: actionName(op.operationId.replace(/^[a-z]/, (c) => c.toUpperCase())),
    description: op.summary,
  };
}
