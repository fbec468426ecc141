import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/** Per object type class: each GraphQL field's schema name → the property its plain resolver reads, or null when computed. */
const sourcesByClass = new WeakMap<object, Map<string, string | null>>();

/**
 * The properties of `itemClass` that the items of a list field (`{data, meta}`, OffsetList) are asked for, so the list
 * can read only their columns; undefined when one of the selected fields is computed by a field resolver of its own
 * (it may read any property), then the caller reads whole rows. Fragments are followed and @skip/@include ignored: the
 * set can only be larger than what the request needs, never smaller.
 */
export function selectedProperties(
  info: GraphQLResolveInfo,
  itemClass: abstract new (...args: never[]) => object,
  listField = 'data',
): string[] | undefined {
  const sources = fieldSources(itemClass);
  const properties = new Set<string>();
  let computed = false;
  const eachField = (set: SelectionSetNode | undefined, onField: (node: FieldNode) => void) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) onField(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) eachField(selection.selectionSet, onField);
      else eachField(info.fragments[selection.name.value]?.selectionSet, onField);
    }
  };
  for (const node of info.fieldNodes) {
    eachField(node.selectionSet, (list) => {
      if (list.name.value !== listField) return;
      eachField(list.selectionSet, (item) => {
        const name = item.name.value;
        if (name.startsWith('__')) return; // __typename: no column
        const property = sources.get(name);
        if (property) properties.add(property);
        else computed = true;
      });
    });
  }
  return computed ? undefined : [...properties];
}

/** Schema name → property of the plain @Field resolvers of a class and its bases; null for a @FieldResolver's field. */
function fieldSources(itemClass: object): Map<string, string | null> {
  let sources = sourcesByClass.get(itemClass);
  if (sources) return sources;
  const storage = getMetadataStorage();
  const chain: object[] = [];
  for (
    let target: object | null = itemClass;
    target && target !== Function.prototype;
    target = Object.getPrototypeOf(target)
  )
    chain.unshift(target);
  sources = new Map();
  for (const target of chain) {
    for (const field of storage.fields) if (field.target === target) sources.set(field.schemaName, field.name); // a subclass's @Field wins
  }
  for (const resolver of storage.fieldResolvers) {
    if (chain.includes(fieldResolverOwner(storage, resolver) ?? {})) sources.set(resolver.schemaName, null);
  }
  sourcesByClass.set(itemClass, sources);
  return sources;
}

/** The object type class a field resolver belongs to; undefined when its resolver class names none (an abstract base). */
function fieldResolverOwner(
  storage: ReturnType<typeof getMetadataStorage>,
  resolver: ReturnType<typeof getMetadataStorage>['fieldResolvers'][number],
): object | undefined {
  if (resolver.kind === 'internal') return resolver.target;
  try {
    return storage.resolverClasses.find((r) => r.target === resolver.target)?.getObjectType();
  } catch {
    return undefined; // `@Resolver()` without a type throws when asked
  }
}
