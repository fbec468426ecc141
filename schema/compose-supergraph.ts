import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
import { loadConfig } from '../gateway/module-manifests.js';
import { createLogger } from '../platform/logging/logger.js';
import type { PlatformDeps, SubgraphModule } from '../platform/federation/subgraph-module.js';

/** Subgraph SDL by module name, and the composed supergraph. */
export interface Composition {
  subgraphs: Map<string, string>;
  supergraph: string;
  /** The schema clients see through the gateway (federation directives and join types removed). */
  api: GraphQLSchema;
}

/** Builds every module's schema in-process (no database: resolvers are not run) and composes them. */
export async function composeSupergraph(modules: SubgraphModule[]): Promise<Composition> {
  const deps = {
    config: loadConfig({}),
    logger: createLogger('silent'),
    orm: null,
    jobs: null,
  } as unknown as PlatformDeps;
  const schemas = new Map<string, GraphQLSchema>();
  for (const module of modules) schemas.set(module.name, await module.buildSchema(deps));
  return composeSchemas(schemas);
}

/** Composes built subgraph schemas, by name, into a supergraph. */
export function composeSchemas(schemas: Map<string, GraphQLSchema>): Composition {
  const subgraphs = new Map([...schemas].map(([name, schema]) => [name, printSubgraphSchema(schema)]));
  const result = composeServices(
    [...subgraphs].map(([name, sdl]) => ({
      name,
      typeDefs: parse(sdl),
      url: `http://subgraph-${name}.internal/graphql`,
    })),
  );
  if (result.errors) throw new Error(`Composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return { subgraphs, supergraph: result.supergraphSdl, api: result.schema.toAPISchema().toGraphQLJSSchema() };
}
