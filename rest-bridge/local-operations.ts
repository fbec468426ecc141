import {
  getVariableValues,
  GraphQLError,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { getMetadataStorage, type AuthCheckerFn } from 'type-graphql';
import { authChecker } from '../platform/auth/auth-checker.js';
import type { CallerContext, SubgraphContext } from '../platform/context/subgraph-context.js';
import { formatError } from '../platform/errors/format-error.js';
import type { LocalOperation } from '../platform/http/direct-route.js';
import type { Logger } from '../platform/logging/logger.js';
import type { PlatformMetrics } from '../platform/metrics/platform-metrics.js';
import { forkForTenant } from '../platform/orm/tenancy.js';
import { callerAttributes, inSpan } from '../platform/tracing/spans.js';
import type { ExecuteOperation } from './bridge.js';
import type { Operation } from './operations.js';

type Answer = Awaited<ReturnType<ExecuteOperation>>;
/** A resolver's value → what GraphQL execution would put in `data` for the selection. */
type Shape = (value: unknown) => unknown;

/** A module's local operation with what the bridge needs to answer it as GraphQL would. */
export interface LocalOperationOf {
  module: string;
  /** The module's own subgraph schema: its scalars serialize the leaves (Dates), its inputs coerce the variables. */
  schema: GraphQLSchema;
  local: LocalOperation;
}

interface Prepared {
  module: string;
  local: LocalOperation;
  schema: GraphQLSchema;
  definition: OperationDefinitionNode;
  /** The response key of the operation's one root field. */
  key: string;
  shape: Shape;
}

/**
 * The bridge operations modules answer in-process (LocalOperation), each prepared once from its `.graphql` text
 * against the module's schema. `answer` gives the same `{data}` or `{errors}` the gateway would: the variables
 * coerced by the module's schema (variables GraphQL would refuse take the gateway's road, so their errors are the
 * gateway's), `@Authorized` checked by the same checker, the result shaped field by field with the schema's own
 * serializers, errors formatted by the gateway's formatter.
 */
export class LocalOperations {
  private readonly byName = new Map<string, Prepared>();

  constructor(
    entries: LocalOperationOf[],
    operations: Map<string, Operation>,
    private readonly options: { orm: MikroORM; metrics?: PlatformMetrics; logger?: Logger },
  ) {
    for (const { module, schema, local } of entries) {
      const operation = operations.get(local.operation);
      if (!operation) throw new Error(`Local operation ${local.operation} names no bridge operation`);
      this.byName.set(local.operation, prepare(module, schema, local, operation));
    }
  }

  /** The answer of a local operation; undefined when the bridge must send it through the gateway. */
  answer(operation: Operation, variables: Record<string, unknown>, caller: CallerContext): Promise<Answer> | undefined {
    const prepared = this.byName.get(operation.name);
    if (!prepared) return undefined;
    const coerced = getVariableValues(prepared.schema, prepared.definition.variableDefinitions ?? [], variables);
    if (coerced.errors) return undefined;
    return inSpan(
      `subgraph ${prepared.module}`,
      {
        ...callerAttributes(caller.requestId, caller.auth?.organizationId),
        'graphql.subgraph.name': prepared.module,
        'graphql.operation.name': operation.name,
      },
      () => this.run(prepared, coerced.coerced, caller),
    );
  }

  private async run(prepared: Prepared, variables: Record<string, unknown>, caller: CallerContext): Promise<Answer> {
    const { orm, metrics } = this.options;
    const type = prepared.definition.operation;
    const context: SubgraphContext = {
      requestId: caller.requestId,
      auth: caller.auth,
      em: caller.auth
        ? forkForTenant(orm.em, caller.auth.organizationId)
        : orm.em.fork({ clear: true, useContext: false }),
      loaders: new Map(),
    };
    try {
      (authChecker as AuthCheckerFn<SubgraphContext, string>)({ context } as never, prepared.local.authorized);
      const value = await prepared.local.run(variables, context);
      metrics?.graphqlOperations.inc({ type, outcome: 'ok' });
      return { data: { [prepared.key]: prepared.shape(value) } };
    } catch (error) {
      metrics?.graphqlOperations.inc({ type, outcome: 'error' });
      return { errors: [this.formatted(error, prepared.key)] };
    }
  }

  /** A thrown error as the gateway's formatError shows it (a DomainError's code and details; anything else hidden). */
  private formatted(error: unknown, key: string) {
    const located = new GraphQLError(error instanceof Error ? error.message : String(error), {
      path: [key],
      originalError: error instanceof Error ? error : undefined,
    });
    const shown = formatError(located.toJSON(), located);
    if (shown.extensions?.code === 'INTERNAL_ERROR')
      this.options.logger?.error('graphql internal error', { message: located.message, path: [key] });
    return shown;
  }
}

function prepare(module: string, schema: GraphQLSchema, local: LocalOperation, operation: Operation): Prepared {
  const definitions = parse(operation.query).definitions;
  const definition = definitions[0];
  if (definitions.length !== 1 || definition?.kind !== Kind.OPERATION_DEFINITION)
    throw new Error(`Local operation ${operation.name}: one operation, no fragments`);
  const root = definition.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const [field, ...more] = definition.selectionSet.selections;
  if (!root || more.length || field?.kind !== Kind.FIELD || field.directives?.length)
    throw new Error(`Local operation ${operation.name}: one root field, no directives`);
  const def = root.getFields()[field.name.value];
  if (!def) throw new Error(`Local operation ${operation.name}: ${module} has no ${field.name.value}`);
  return {
    module,
    local,
    schema,
    definition,
    key: field.alias?.value ?? field.name.value,
    shape: shapeOf(def.type, field.selectionSet, operation.name),
  };
}

/**
 * What GraphQL's value completion does for a selection, compiled once: lists item by item, leaves through their
 * type's serialize (Dates to ISO text, enums to their names), objects by the selected fields, read as properties.
 * A field that is more than a property (a field resolver, arguments, @Authorized or middleware on the field), an
 * interface, a union or a fragment is refused when the operation is prepared.
 */
function shapeOf(type: GraphQLOutputType, selection: SelectionSetNode | undefined, name: string): Shape {
  if (isNonNullType(type)) return shapeOf(type.ofType, selection, name);
  if (isListType(type)) {
    const item = shapeOf(type.ofType, selection, name);
    return (value) => (value == null ? null : Array.from(value as Iterable<unknown>, item));
  }
  if (isLeafType(type)) return (value) => (value == null ? null : type.serialize(value));
  if (!isObjectType(type) || !selection) throw new Error(`Local operation ${name}: ${String(type)} cannot be shaped`);
  const fields = type.getFields();
  const shapes = selection.selections.map((node): [string, Shape] => {
    if (node.kind !== Kind.FIELD || node.directives?.length || node.arguments?.length)
      throw new Error(`Local operation ${name}: plain fields only in ${type.name}`);
    const key = node.alias?.value ?? node.name.value;
    if (node.name.value === '__typename') return [key, () => type.name];
    const field = fields[node.name.value];
    const property = field && plainProperty(type.name, node.name.value);
    if (!field || !property)
      throw new Error(`Local operation ${name}: ${type.name}.${node.name.value} is not a plain property`);
    const inner = shapeOf(field.type, node.selectionSet, name);
    return [key, (value) => inner((value as Record<string, unknown>)[property])];
  });
  return (value) => {
    if (value == null) return null;
    const out: Record<string, unknown> = {};
    for (const [key, shape] of shapes) out[key] = shape(value);
    return out;
  };
}

/**
 * The class property a type-graphql field reads, when its resolver is nothing more (type-graphql's basic resolver:
 * no roles, middlewares, arguments or field resolver); null otherwise.
 */
function plainProperty(typeName: string, fieldName: string): string | null {
  const storage = getMetadataStorage();
  const objectType = storage.objectTypes.find((o) => o.name === typeName);
  if (!objectType) return null;
  const lineage: unknown[] = [];
  for (
    let c: unknown = objectType.target;
    typeof c === 'function' && c !== Function.prototype;
    c = Object.getPrototypeOf(c)
  )
    lineage.push(c);
  const field = storage.fields.find((f) => f.schemaName === fieldName && lineage.includes(f.target));
  if (!field || field.roles?.length || field.middlewares?.length || field.params?.length) return null;
  const resolved = storage.fieldResolvers.some(
    (r) => r.schemaName === fieldName && lineage.includes(r.getObjectType?.()),
  );
  return resolved ? null : field.name;
}
