import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  isScalarType,
  Kind,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Operation } from './operations.js';
import type { InputRuleSource, SchemaFragment } from '../platform/validation/input-rule-schema.js';
import type { BridgeRequest, RouteSpec } from './route-table.js';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

/** GraphQL's Int is a signed 32-bit integer: anything outside is refused. */
export const INT_RANGE = { minimum: -2147483648, maximum: 2147483647 } as const;

/** How our scalars travel in JSON. */
export const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  DateTime: { type: 'string', format: 'date-time' },
  JSONObject: { type: 'object' },
  JSON: {},
};

export function nullable(schema: JsonSchema): JsonSchema {
  // A nullable enum admits null among its values too, or `enum` alone refuses it.
  if (typeof schema.type === 'string')
    return {
      ...schema,
      type: [schema.type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
    };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

export function scalar(name: string, description?: string | null): JsonSchema {
  return SCALARS[name] ?? (description ? { description } : {});
}

/**
 * The rules a REST body is held to, as JSON Schema, derived from the GraphQL input type the route sends it as: the
 * bridge checks every body against them (body-check.ts) and the OpenAPI document publishes them, so the document says
 * exactly what the server accepts. Input types become components (they may be recursive and are shared across
 * routes): `required` returns a schema that refers to `#/components/schemas/<Name>` and records every input type it
 * reached in `components`.
 */
export class InputSchemas {
  readonly components: Record<string, JsonSchema> = {};

  /** `rules`: the class-validator rules of the input classes (required fields, lengths, ranges, formats), where known. */
  constructor(private readonly rules?: InputRuleSource) {}

  /** The schema of a value that may be null unless its type is non-null. */
  of(type: GraphQLInputType): JsonSchema {
    if (isNonNullType(type)) return this.required(type.ofType);
    return nullable(this.required(type));
  }

  /** The schema of a value that must be present (its non-null wrapper already taken off). */
  required(type: GraphQLInputType): JsonSchema {
    if (isNonNullType(type)) return this.required(type.ofType);
    if (isListType(type)) {
      const items = this.of(type.ofType);
      const list = { type: 'array', items };
      // A list of plain values also takes one value alone (`"to": "a@example.com"`), as GraphQL's coercion does.
      const single = !isInputObjectType(itemType(type.ofType)) && !isListType(stripNonNull(type.ofType));
      return single ? { oneOf: [this.required(type.ofType), list] } : list;
    }
    if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.name) };
    if (isScalarType(type)) {
      if (type.name === 'Int') return { ...scalar(type.name), ...INT_RANGE };
      // GraphQL takes an ID as a string or an integer (numeric ids: forms, CRM).
      if (type.name === 'ID') return { type: ['string', 'integer'] };
      return scalar(type.name, type.description);
    }
    const name = type.name;
    if (!(name in this.components)) {
      this.components[name] = {}; // placeholder first: recursive inputs refer to themselves
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const rules = this.rules?.(name);
      for (const field of Object.values(type.getFields())) {
        // A field the class rules refuse to leave out is refused as null too (only @IsOptional lets both through).
        const byRules = rules?.required.includes(field.name) ?? false;
        const constraints = rules?.fields[field.name];
        let schema = byRules ? this.required(field.type) : this.of(field.type);
        if (constraints) schema = constrain(schema, constraints.value, constraints.items);
        properties[field.name] = field.description ? { ...schema, description: field.description } : schema;
        if ((isNonNullType(field.type) && field.defaultValue === undefined) || byRules) required.push(field.name);
      }
      this.components[name] = {
        type: 'object',
        ...(type.description ? { description: type.description } : {}),
        properties,
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      };
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

const STRING_KEYS = ['minLength', 'maxLength', 'pattern', 'format', 'enum'];
const NUMBER_KEYS = ['minimum', 'maximum', 'enum'];
const ARRAY_KEYS = ['minItems', 'maxItems'];

function pick(fragment: SchemaFragment, keys: string[]): SchemaFragment {
  return Object.fromEntries(Object.entries(fragment).filter(([key]) => keys.includes(key)));
}

/** Adds class rules to a field's schema where they fit its JSON type; `items` are the rules of each item of a list. */
export function constrain(schema: JsonSchema, value: SchemaFragment, items: SchemaFragment): JsonSchema {
  if (Array.isArray(schema.anyOf))
    return {
      ...schema,
      anyOf: (schema.anyOf as JsonSchema[]).map((b) => (b.type === 'null' ? b : constrain(b, value, items))),
    };
  // One value alone or a list of them: the single value takes the item rules.
  if (Array.isArray(schema.oneOf))
    return {
      ...schema,
      oneOf: (schema.oneOf as JsonSchema[]).map((b) =>
        b.type === 'array' ? constrain(b, value, items) : constrain(b, items, {}),
      ),
    };
  if (schema.$ref) return schema;
  const kinds = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  let out: JsonSchema = { ...schema };
  if (kinds.includes('array')) {
    out = { ...out, ...pick(value, ARRAY_KEYS) };
    if (Object.keys(items).length > 0 && out.items) out.items = constrain(out.items as JsonSchema, items, {});
    return out;
  }
  if (kinds.includes('string')) out = { ...out, ...pick(value, STRING_KEYS) };
  else if (kinds.includes('integer') || kinds.includes('number')) out = { ...out, ...pick(value, NUMBER_KEYS) };
  // A nullable field's allowed values keep null among them.
  if (Array.isArray(out.enum) && kinds.includes('null') && !out.enum.includes(null))
    out.enum = [...(out.enum as unknown[]), null];
  return out;
}

function stripNonNull(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) ? type.ofType : type;
}

function itemType(type: GraphQLInputType): GraphQLInputType {
  const inner = stripNonNull(type);
  return isListType(inner) ? itemType(inner.ofType) : inner;
}

/** The GraphQL types of an operation's variables, by name, on the API schema; throws when the schema lacks one. */
export function variableTypes(api: GraphQLSchema, operation: Operation): Map<string, GraphQLInputType> {
  const document = parse(operation.query);
  const definition = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const types = new Map<string, GraphQLInputType>();
  for (const variable of definition.variableDefinitions ?? []) {
    const type = typeFromAST(api, variable.type as never);
    if (!type || !isInputType(type))
      throw new Error(
        `Operation ${operation.name}: variable $${variable.variable.name.value} has no input type in this schema`,
      );
    types.set(variable.variable.name.value, type);
  }
  return types;
}

/** A value no route could make up: where it lands in a route's variables is where the body goes. */
const BODY = Object.freeze({ __restBody: true });

/** Where a route's JSON body goes: the whole body is this input type, or the body's fields are spread over several variables. */
export type BodyPlacement =
  { kind: 'input'; type: GraphQLInputType } | { kind: 'variables'; types: [string, GraphQLInputType][] };

/**
 * Where the route puts the JSON body: the GraphQL type found where the route's `variables` puts it (found by running
 * it on a marker body); else the variables that are neither path, query nor header parameters.
 */
export function bodyPlacement(spec: RouteSpec, types: Map<string, GraphQLInputType>): BodyPlacement | undefined {
  const fromParams = new Set(
    [...spec.path.matchAll(/:(\w+)/g)]
      .map((m) => m[1]!)
      .concat(Object.keys(spec.query ?? {}), Object.keys(spec.headerVariables ?? {})),
  );
  let placed: string[] | undefined;
  if (spec.bodyVariable) {
    placed = [spec.bodyVariable];
  } else if (spec.variables) {
    const request: BridgeRequest = {
      params: new Proxy({}, { get: () => 'x' }),
      query: {},
      body: BODY,
      headers: new Proxy({}, { get: () => undefined }),
      ip: '127.0.0.1',
    };
    try {
      placed = pathTo(spec.variables(request), BODY);
    } catch {
      placed = undefined; // the route checks the body's shape itself: fall back on the variable types
    }
  } else return undefined; // path and query parameters only
  if (placed && placed.length > 0) {
    let type: GraphQLInputType | undefined = types.get(placed[0]!);
    for (const key of placed.slice(1)) type = type ? inputFieldType(type, key) : undefined;
    if (type) return { kind: 'input', type };
  }
  const rest = [...types].filter(([name]) => !fromParams.has(name));
  // One variable left takes the whole body only when it is an input object; a lone scalar is a field of the body.
  if (rest.length === 1 && isInputObjectType(getNamedType(rest[0]![1]))) return { kind: 'input', type: rest[0]![1] };
  if (rest.length === 0) return undefined;
  return { kind: 'variables', types: rest };
}

/** The JSON Schema of a placed body. */
export function placementSchema(placement: BodyPlacement, inputs: InputSchemas): JsonSchema {
  if (placement.kind === 'input') return inputs.required(placement.type);
  return {
    type: 'object',
    properties: Object.fromEntries(placement.types.map(([name, type]) => [name, inputs.of(type)])),
  };
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
