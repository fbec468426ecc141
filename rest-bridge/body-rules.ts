import type { GraphQLSchema } from 'graphql';
import { checkBody, type BodyProblem } from './body-check.js';
import { bodyPlacement, InputSchemas, variableTypes, type JsonSchema } from './body-schema.js';
import type { Operation } from './operations.js';
import type { ModuleRoutes, RouteSpec } from './route-table.js';

/** Whether a route reads a JSON body at all (GETs, plain DELETEs and discarded bodies do not). */
export function takesJsonBody(spec: RouteSpec): boolean {
  return (
    !spec.ignoreBody &&
    spec.body !== 'form' &&
    spec.method !== 'GET' &&
    (spec.method !== 'DELETE' || !!spec.deleteWithBody)
  );
}

/**
 * Every route's body rules, derived once from the API schema: the JSON Schema of the input type the route sends its
 * body as. A body is checked before its operation runs, so a mistake is answered in REST words (the JSON path in the
 * caller's body, what was expected) and never in GraphQL's. Routes whose body is spread over several variables are
 * left to GraphQL's own check (the bridge translates its words).
 */
export class BodyRules {
  private readonly inputs = new InputSchemas();
  private readonly byRoute = new Map<RouteSpec, JsonSchema>();
  private readonly resolve = (ref: string): JsonSchema =>
    this.inputs.components[ref.slice('#/components/schemas/'.length)] ?? {};

  constructor(api: GraphQLSchema, modules: ModuleRoutes[], operations: Map<string, Operation>) {
    for (const module of modules) {
      for (const spec of module.routes) {
        const operation = operations.get(spec.operation);
        if (!operation || !takesJsonBody(spec)) continue;
        let types;
        try {
          types = variableTypes(api, operation);
        } catch {
          continue; // a module this process does not compose: GraphQL refuses the operation anyway
        }
        const placement = bodyPlacement(spec, types);
        if (placement?.kind === 'input') this.byRoute.set(spec, this.inputs.required(placement.type));
      }
    }
  }

  /** The first problem of the body of this route, or null (also for routes left to GraphQL). */
  check(spec: RouteSpec, body: unknown): BodyProblem | null {
    const schema = this.byRoute.get(spec);
    return schema ? checkBody(schema, body, this.resolve) : null;
  }

  /** How many routes have their body checked here (a test compares it with the route table). */
  get checkedRoutes(): number {
    return this.byRoute.size;
  }
}
