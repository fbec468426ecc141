import { ApolloServer } from '@apollo/server';
import { ApolloGateway } from '@apollo/gateway';
import type { GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { formatError } from '../platform/errors/format-error.js';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { InProcessDataSource } from './in-process-data-source.js';

export interface GatewayOptions {
  /** The committed supergraph SDL. */
  supergraphSdl: string;
  /** Subgraph schemas by name, served in-process. */
  subgraphs: Map<string, GraphQLSchema>;
  orm: MikroORM;
}

/** The Apollo gateway over in-process subgraphs, wrapped in an ApolloServer that the HTTP layer and the bridge share. */
export async function createGateway(options: GatewayOptions): Promise<ApolloServer<CallerContext>> {
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    buildService: ({ name }) => {
      const schema = options.subgraphs.get(name);
      if (!schema) throw new Error(`Supergraph names subgraph "${name}" but this process does not serve it`);
      return new InProcessDataSource(schema, options.orm);
    },
  });
  const server = new ApolloServer<CallerContext>({
    gateway,
    formatError,
    includeStacktraceInErrorResponses: false,
    introspection: true,
    csrfPrevention: true,
  });
  await server.start();
  return server;
}
