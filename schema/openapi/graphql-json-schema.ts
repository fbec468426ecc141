import {
  getNamedType, isEnumType, isListType, isNonNullType, isObjectType, isAbstractType, isScalarType, Kind,
  type FragmentDefinitionNode, type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema, type SelectionSetNode, type GraphQLNamedType,
} from 'graphql';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

/** How our scalars travel in JSON. */
const SCALARS: Record<string, JsonSchema> = {
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

function nullable(schema: JsonSchema): JsonSchema {
  // A nullable enum admits null among its values too, or `enum` alone refuses it.
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

function scalar(name: string, description?: string | null): JsonSchema {
  return SCALARS[name] ?? (description ? { description } : {});
}

/**
 * Input types become components (they may be recursive and are shared across routes): `inputSchema` returns a
 * schema that refers to `#/components/schemas/<Name>` and records every input type it reached in `components`.
 */
export class InputSchemas {
  readonly components: Record<string, JsonSchema> = {};

  of(type: GraphQLInputType): JsonSchema {
    if (isNonNullType(type)) return this.of(type.ofType);
    return nullable(this.required(type));
  }

  /** The schema of a value that must be present (its non-null wrapper already taken off). */
  required(type: GraphQLInputType): JsonSchema {
    if (isNonNullType(type)) return this.required(type.ofType);
    if (isListType(type)) return { type: 'array', items: this.of(type.ofType) };
    if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.value as string) };
    if (isScalarType(type)) return scalar(type.name, type.description);
    const name = type.name;
    if (!(name in this.components)) {
      this.components[name] = {}; // placeholder first: recursive inputs refer to themselves
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const field of Object.values(type.getFields())) {
        const schema = this.of(field.type);
        properties[field.name] = field.description ? { ...schema, description: field.description } : schema;
        if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(field.name);
      }
      this.components[name] = { type: 'object', ...(type.description ? { description: type.description } : {}), properties, ...(required.length ? { required } : {}), additionalProperties: false };
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

/** The JSON shape of an operation's selection on an output type: exactly the fields the route returns. */
export function selectionSchema(schema: GraphQLSchema, type: GraphQLOutputType, selection: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>): JsonSchema {
  if (isNonNullType(type)) return required(schema, type.ofType, selection, fragments);
  return nullable(required(schema, type, selection, fragments));
}

function required(schema: GraphQLSchema, type: GraphQLOutputType, selection: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>): JsonSchema {
  if (isNonNullType(type)) return required(schema, type.ofType, selection, fragments);
  if (isListType(type)) return { type: 'array', items: selectionSchema(schema, type.ofType, selection, fragments) };
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.value as string) };
  if (isScalarType(type)) return scalar(type.name, type.description);
  if (!selection) return { type: 'object' };
  const candidates: GraphQLNamedType[] = isAbstractType(type) ? [...schema.getPossibleTypes(type)] : [type];
  const shapes = candidates.map((candidate) => objectShape(schema, candidate, selection, fragments));
  return shapes.length === 1 ? shapes[0]! : { anyOf: shapes };
}

function objectShape(schema: GraphQLSchema, type: GraphQLNamedType, selection: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): JsonSchema {
  if (!isObjectType(type)) return { type: 'object' };
  const properties: Record<string, JsonSchema> = {};
  const walk = (set: SelectionSetNode) => {
    for (const node of set.selections) {
      if (node.kind === Kind.FIELD) {
        const key = node.alias?.value ?? node.name.value;
        if (node.name.value === '__typename') {
          properties[key] = { type: 'string', const: type.name };
          continue;
        }
        const field = type.getFields()[node.name.value];
        if (!field) continue;
        const shape = selectionSchema(schema, field.type, node.selectionSet, fragments);
        properties[key] = field.description && isScalarType(getNamedType(field.type)) ? { ...shape, description: field.description } : shape;
      } else {
        const set2 = node.kind === Kind.INLINE_FRAGMENT ? node : fragments.get(node.name.value);
        if (!set2) continue;
        const condition = set2.typeCondition?.name.value;
        if (condition && condition !== type.name && !implementsOrMember(schema, type.name, condition)) continue;
        walk(set2.selectionSet);
      }
    }
  };
  walk(selection);
  return { type: 'object', properties, required: Object.keys(properties) };
}

function implementsOrMember(schema: GraphQLSchema, typeName: string, condition: string): boolean {
  const abstract = schema.getType(condition);
  const concrete = schema.getType(typeName);
  return !!abstract && !!concrete && isAbstractType(abstract) && isObjectType(concrete) && schema.isSubType(abstract, concrete);
}
