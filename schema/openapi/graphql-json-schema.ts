import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  isScalarType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
  type GraphQLNamedType,
} from 'graphql';
import { nullable, scalar, type JsonSchema } from '../../rest-bridge/body-schema.js';

export type { JsonSchema };

/** The JSON shape of an operation's selection on an output type: exactly the fields the route returns. */
export function selectionSchema(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  selection: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
): JsonSchema {
  if (isNonNullType(type)) return required(schema, type.ofType, selection, fragments);
  return nullable(required(schema, type, selection, fragments));
}

function required(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  selection: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
): JsonSchema {
  if (isNonNullType(type)) return required(schema, type.ofType, selection, fragments);
  if (isListType(type)) return { type: 'array', items: selectionSchema(schema, type.ofType, selection, fragments) };
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.value as string) };
  if (isScalarType(type)) return scalar(type.name, type.description);
  if (!selection) return { type: 'object' };
  const candidates: GraphQLNamedType[] = isAbstractType(type) ? [...schema.getPossibleTypes(type)] : [type];
  const shapes = candidates.map((candidate) => objectShape(schema, candidate, selection, fragments));
  return shapes.length === 1 ? shapes[0]! : { anyOf: shapes };
}

function objectShape(
  schema: GraphQLSchema,
  type: GraphQLNamedType,
  selection: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
): JsonSchema {
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
        properties[key] =
          field.description && isScalarType(getNamedType(field.type))
            ? { ...shape, description: field.description }
            : shape;
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
  return (
    !!abstract &&
    !!concrete &&
    isAbstractType(abstract) &&
    isObjectType(concrete) &&
    schema.isSubType(abstract, concrete)
  );
}
