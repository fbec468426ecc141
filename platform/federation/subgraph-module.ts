import type { GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config/config.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Logger } from '../logging/logger.js';
import type { ModuleData } from '../orm/create-orm.js';

/** What a module's services may use. Built once per process by the runner. */
export interface PlatformDeps {
  config: Config;
  orm: MikroORM;
  jobs: Jobs;
  logger: Logger;
}

/** A module as the runner and the composer see it. `index.ts` of each subgraph exports one. */
export interface SubgraphModule {
  /** Subgraph name in the supergraph, e.g. `email`. */
  name: string;
  /** Entities and migrations. */
  data: ModuleData;
  /** Builds the federated schema; never listens. */
  buildSchema(deps: PlatformDeps): Promise<GraphQLSchema>;
  /** Registers the module's job handlers. */
  defineJobs?(deps: PlatformDeps): void;
  /** Releases what the module opened (SMTP pools, listeners). */
  close?(): Promise<void>;
}

/** A type-graphql container that builds each resolver once with the module's dependencies. */
export function moduleContainer<D>(deps: D) {
  const instances = new Map<unknown, unknown>();
  return {
    get(cls: new (deps: D) => unknown) {
      if (!instances.has(cls)) instances.set(cls, new cls(deps));
      return instances.get(cls);
    },
  };
}
