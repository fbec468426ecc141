import { ApolloServer, type ApolloServerOptionsWithGateway } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloGateway } from '@apollo/gateway';
import type { GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { formatError } from '../platform/errors/format-error.js';
import type { Logger } from '../platform/logging/logger.js';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { QUERY_LIMITS, queryLimitRules } from '../platform/graphql/query-limits.js';
import type { PlatformMetrics } from '../platform/metrics/platform-metrics.js';
import { fieldRateLimitPlugin } from './field-rate-limits.js';
import { metricsPlugin } from './metrics-plugin.js';
import { InProcessDataSource } from './in-process-data-source.js';
import type { ModuleCatalog } from '../platform/federation/module-catalog.js';
import type { SingleFetchPlans } from './single-fetch-plans.js';
import { SingleFetchApolloServer, singleFetchGateway } from './single-fetch-gateway.js';
import { RemoteDataSource } from './remote-data-source.js';

export interface GatewayOptions {
  /** The committed supergraph SDL. */
  supergraphSdl: string;
  /** Subgraph schemas by name, served in-process. */
  subgraphs: Map<string, GraphQLSchema>;
  orm: MikroORM;
  /** Each in-process subgraph's scope, demanded of every caller with a key. */
  catalog: ModuleCatalog;
  /** Split mode: subgraphs by name served by another process at this /graphql URL; these win over `subgraphs`. */
  remoteUrls?: Map<string, string>;
  /** Signs the caller context on remote hops (config.internalSecret); required when `remoteUrls` is not empty. */
  internalSecret?: string;
  /** Hears the errors hidden from callers as INTERNAL_ERROR, with their real message. */
  logger?: Logger;
  /** Counts operations by type and outcome. */
  metrics?: PlatformMetrics;
  /** Learns which operations are one plain fetch from one in-process subgraph, for the bridge and /graphql to send themselves (single-fetch-plans.ts). */
  singleFetchPlans?: SingleFetchPlans;
}

/** The Apollo gateway over in-process (split mode: remote) subgraphs, wrapped in an ApolloServer that the HTTP layer and the bridge share. */
export async function createGateway(options: GatewayOptions): Promise<ApolloServer<CallerContext>> {
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    buildService: ({ name }) => {
      const remoteUrl = options.remoteUrls?.get(name);
      if (remoteUrl) {
        if (!options.internalSecret)
          throw new Error(`Subgraph "${name}" is remote but no internal secret was given to sign the caller context`);
        return new RemoteDataSource({ name, url: remoteUrl, secret: options.internalSecret });
      }
      const schema = options.subgraphs.get(name);
      if (!schema) throw new Error(`Supergraph names subgraph "${name}" but this process does not serve it`);
      const source = new InProcessDataSource(schema, options.orm, name, options.catalog.subgraphScope(name));
      options.singleFetchPlans?.addSource(name, source);
      return source;
    },
    experimental_didResolveQueryPlan: options.singleFetchPlans?.observe,
  });
  const serverOptions: ApolloServerOptionsWithGateway<CallerContext> = {
    gateway: options.singleFetchPlans ? singleFetchGateway(gateway, options.singleFetchPlans) : gateway,
    formatError: (formatted, error) => {
      const shown = formatError(formatted, error);
      if (shown.extensions?.code === 'INTERNAL_ERROR') {
        options.logger?.error('graphql internal error', {
          message: formatted.message,
          path: formatted.path,
          subgraph: formatted.extensions?.serviceName,
        });
      }
      return shown;
    },
    includeStacktraceInErrorResponses: false,
    // Depth, aliases and cost per operation (docs/security.md); tokens are counted while parsing.
    validationRules: queryLimitRules('gateway'),
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    introspection: true,
    csrfPrevention: true,
    // No cache hints anywhere (the subgraphs disable cache control too): computing a policy per request is waste.
    plugins: [
      ApolloServerPluginCacheControlDisabled(),
      fieldRateLimitPlugin(),
      ...(options.metrics ? [metricsPlugin(options.metrics)] : []),
    ],
  };
  const server = options.singleFetchPlans
    ? new SingleFetchApolloServer(serverOptions, options.singleFetchPlans, options.metrics)
    : new ApolloServer<CallerContext>(serverOptions);
  await server.start();
  return server;
}
