import { PlatformMetrics } from '../metrics/platform-metrics.js';
import { platformSources } from '../metrics/platform-sources.js';
import { serveMetrics } from '../metrics/metrics-route.js';
import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { GraphQLError } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config/config.js';
import type { SubgraphContext } from '../context/subgraph-context.js';
import { SIGNED_CONTEXT_HEADER, verifyCallerContext } from '../auth/signed-context.js';
import { DomainError } from '../errors/domain-error.js';
import { ALL_METHODS, createEdgeServer, onRequestStep } from '../http/edge/edge-server.js';
import { domainEnvelope, replyJson } from '../http/edge/error-envelope.js';
import { Jobs } from '../jobs/jobs.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { platformData } from '../migrations/index.js';
import { runMigrations } from '../migrations/run-migrations.js';
import { createOrm } from '../orm/create-orm.js';
import { forkForTenant } from '../orm/tenancy.js';
import { assertSubgraphScope } from '../auth/module-scope.js';
import { QUERY_LIMITS, queryLimitRules } from '../graphql/query-limits.js';
import { activeSpan, callerAttributes } from '../tracing/spans.js';
import type { PlatformDeps, SubgraphModule } from './subgraph-module.js';
import { PlatformPorts, relayRemotePorts, type DepsWithPorts } from '../ports/port-registry.js';
import { defineBackgroundJobs, startBackground, type ModuleBackground } from './module-background.js';
import { DISPATCHING_MODULE } from '../events/dispatching-module.js';
import { createEventBus } from '../events/event-bus.js';
import type { ModuleCatalog } from './module-catalog.js';

export interface ServeSubgraphOptions {
  /** Port of the subgraph's listener; 0 picks a free one. */
  port: number;
  /** Interface to bind. Loopback by default: a subgraph is never public (`_entities` would bypass auth). */
  host?: string;
  /** Defaults to a JSON logger at the configured level. */
  logger?: Logger;
  /**
   * Every module's scopes and events, from the composition root's list of manifests (gateway/module-manifests.ts):
   * the webhooks process validates subscriptions to, and routes, events of modules whose code it never loads.
   */
  catalog: ModuleCatalog;
}

/** A subgraph running in its own process (split mode). */
export interface ServedSubgraph {
  /** `http://host:port/graphql`, what the gateway's remote data source calls. */
  url: string;
  server: Server;
  orm: MikroORM;
  jobs: Jobs;
  /** What the module's services were built with (for the listeners a module main starts beside it). */
  deps: PlatformDeps;
  /** The module's background work beside its subgraph (dispatcher, inbound SMTP, listeners). */
  background: ModuleBackground;
  /** Drains in-flight requests and jobs, then closes everything it opened. */
  stop(): Promise<void>;
}

/**
 * Split mode: one module's subgraph over HTTP at /graphql, with its own ORM and job worker on the shared database.
 * Only the gateway may call it: a request without a valid signed caller context gets 401 and nothing runs.
 */
export async function serveSubgraph(
  module: SubgraphModule,
  config: Config,
  options: ServeSubgraphOptions,
): Promise<ServedSubgraph> {
  const logger = (options.logger ?? createLogger(config.logLevel)).child({ subgraph: module.name });
  // The embedded server belongs to the one-process runner; processes in split mode share one external database.
  if (!config.databaseUrl)
    throw new Error(
      `Subgraph "${module.name}" in its own process needs DATABASE_URL (the database the other processes use)`,
    );
  const databaseUrl = config.databaseUrl;
  // The outbox is drained in the webhook engine's process (DISPATCHING_MODULE), with its sinks.
  const dispatches = module.name === DISPATCHING_MODULE;

  const orm = await createOrm({
    databaseUrl,
    modules: [platformData, module.data],
    poolMax: config.databasePoolMax,
    log: (message) => logger.debug('orm', { message }),
  });
  const metrics = new PlatformMetrics();
  // Where the dispatcher hands events and the module publishes its transient signals (typing); without Redis they
  // reach no gateway subscriber.
  if (!config.redisUrl)
    logger.warn('REDIS_URL is not set: live events and signals from this process reach no gateway subscriber');
  const bus = await createEventBus(config.redisUrl, logger);
  let jobs: Jobs | undefined;
  let apollo: ApolloServer<SubgraphContext> | undefined;
  let deps: PlatformDeps | undefined;
  try {
    await runMigrations(orm);
    jobs = await Jobs.create({
      databaseUrl,
      processEveryMs: config.jobsProcessEveryMs,
      orm,
      logger,
      instanceName: options.port ? `${hostname()}:${module.name}:${options.port}` : undefined,
      observer: metrics,
    });
    metrics.watch(platformSources(orm, jobs));
    const ports = new PlatformPorts();
    const withPorts: DepsWithPorts = { config, orm, jobs, logger, metrics, ports, bus, catalog: options.catalog };
    deps = withPorts;
    module.providePorts?.(withPorts, ports);
    // Every other module runs elsewhere: its ports are relayed through the shared job store to its process's worker.
    relayRemotePorts(withPorts, (name) => name !== module.name);
    module.defineJobs?.(deps);
    defineBackgroundJobs(deps, dispatches);
    const schema = await module.buildSchema(deps);
    apollo = new ApolloServer<SubgraphContext>({
      schema,
      // The gateway formats errors for clients; it needs them as the subgraph raised them (code, http, details),
      // exactly what the in-process data source hands it.
      // A refused query limit keeps its own code (QUERY_TOO_COMPLEX) rather than Apollo's GRAPHQL_VALIDATION_FAILED.
      formatError: (formatted, error) =>
        error instanceof GraphQLError
          ? (formatted.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' && error.originalError instanceof DomainError
              ? error.originalError
              : error
            ).toJSON()
          : formatted,
      includeStacktraceInErrorResponses: false,
      validationRules: queryLimitRules('subgraph'),
      parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
      introspection: false,
      csrfPrevention: true,
      // Cache control and inline tracing wrap every field resolver (about a tenth of this process's CPU under load);
      // we set no cache hints and the gateway reports no usage, so neither is installed.
      plugins: [
        ApolloServerPluginLandingPageDisabled(),
        ApolloServerPluginCacheControlDisabled(),
        ApolloServerPluginInlineTraceDisabled(),
        executedResultsAre200(),
      ],
      logger: {
        debug: (m) => logger.debug(String(m)),
        info: (m) => logger.info(String(m)),
        warn: (m) => logger.warn(String(m)),
        error: (m) => logger.error(String(m)),
      },
    });
    await apollo.start();
  } catch (error) {
    await apollo?.stop().catch(() => undefined);
    await jobs?.stop(0);
    await module.close?.().catch(() => undefined);
    await bus.close();
    await orm.close(true);
    throw error;
  }
  const server = apollo;
  const jobRunner = jobs;
  const platformDeps = deps!;
  let background: ModuleBackground | undefined;

  // 200 only once the job worker and the background work run (a process that failed there exited after an early 200),
  // and no more once stopping. The same edge as the public port: request log line, metrics, body limit, errors.
  // Declared before the route reads it (a `stopping` read there before its declaration ran threw: 500 while starting).
  let health: 'starting' | 'ok' | 'stopping' = 'starting';
  const edgeServer = createEdgeServer({
    logger,
    metrics,
    routeLabel: (log) => (KNOWN_PATHS.has(log.path as string) ? (log.path as string) : 'unmatched'),
    bodyLimitBytes: config.bodyLimitBytes,
    requestLogLevel: 'debug',
    envelope: SUBGRAPH_ENVELOPE,
  });
  const { app, server: httpServer } = edgeServer;
  app.route({
    method: [...ALL_METHODS],
    url: '/healthz',
    handler: async (_request, reply) => replyJson(reply, health === 'ok' ? 200 : 503, { status: health }),
  });
  app.get('/metrics', (request, reply) => serveMetrics(request, reply, metrics, config.metricsToken));
  app.setNotFoundHandler(async (request) => {
    throw new DomainError('NOT_FOUND', `No route for ${request.edge.log.path as string}`);
  });
  const refusals = new WeakMap<FastifyRequest, DomainError>();
  app.route({
    method: [...ALL_METHODS],
    url: '/graphql',
    // Only the gateway calls: without its signed caller context the body is never read, parsed or executed.
    onRequest: onRequestStep((request) => {
      const caller = verifyCallerContext(request.headers[SIGNED_CONTEXT_HEADER], config.internalSecret);
      if (!caller) throw new DomainError('UNAUTHORIZED', 'Missing or invalid internal signature');
      const { edge } = request;
      edge.requestId = caller.requestId;
      edge.log.requestId = caller.requestId;
      edge.log.organizationId = caller.auth?.organizationId;
      edge.auth = caller.auth ?? undefined;
      activeSpan()?.setAttributes(callerAttributes(caller.requestId, caller.auth?.organizationId)); // split mode: this process's HTTP span
      try {
        assertSubgraphScope(caller.auth, options.catalog.subgraphScope(module.name)); // every field of this subgraph demands its scope
      } catch (refused) {
        refusals.set(request, refused as DomainError);
        edge.body = { read: false };
      }
    }),
    handler: async (request, reply) => {
      const refused = refusals.get(request);
      // 200 with errors: the gateway's remote data source turns any other status into a code-less error.
      if (refused) return replyJson(reply, 200, { data: null, errors: [refused.toJSON()] });
      const { requestId, auth } = request.edge;
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const response = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: request.method.toUpperCase(),
          headers,
          search: new URL(request.originalUrl, 'http://local').search,
          body: request.method === 'POST' ? request.body : undefined,
        },
        context: async () => ({
          requestId,
          auth: auth ?? null,
          em: auth ? forkForTenant(orm.em, auth.organizationId) : orm.em.fork({ clear: true, useContext: false }),
          loaders: new Map(),
        }),
      });
      for (const [name, value] of response.headers) reply.header(name, value);
      reply.code(response.status ?? 200);
      return reply.send(
        response.body.kind === 'complete' ? response.body.string : Readable.from(response.body.asyncIterator),
      );
    },
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await app.ready();
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port, host, () => resolve());
    });
    await jobRunner.start();
    background = await startBackground({
      modules: [module],
      deps: platformDeps,
      dispatch: dispatches,
      databaseUrl,
      bus,
    });
  } catch (error) {
    httpServer.close();
    await server.stop();
    await jobRunner.stop(0);
    await module.close?.().catch(() => undefined);
    await bus.close();
    await orm.close(true);
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/graphql`;
  health = 'ok';
  logger.info('subgraph started', { url });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      health = 'stopping';
      const deadline = Date.now() + config.shutdownTimeoutMs;
      const smtpClosed = background?.closeSmtp(); // beside the HTTP drain, as the one-process runner does
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      while (edgeServer.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      httpServer.closeAllConnections();
      await closed;
      await smtpClosed;
      await background?.stop();
      await jobRunner.stop(Math.max(0, deadline - Date.now()));
      await server.stop();
      await module.close?.();
      await bus.close();
      await orm.close(true);
      logger.info('subgraph stopped');
    })());

  return { url, server: httpServer, orm, jobs: jobRunner, deps: platformDeps, background: background!, stop };
}

const KNOWN_PATHS = new Set(['/graphql', '/healthz', '/metrics']);

/**
 * GraphQL over HTTP: once execution ran (the result has `data`, even null), the answer is 200 and the errors
 * travel in the body. Apollo would otherwise turn a DomainError's `http.status` into the HTTP status, and the
 * gateway's RemoteGraphQLDataSource replaces any non-2xx answer with a generic error, losing the code.
 */
function executedResultsAre200(): ApolloServerPlugin<SubgraphContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind === 'single' && 'data' in response.body.singleResult) response.http.status = 200;
        },
      };
    },
  };
}

/** The subgraph's refusals and failures in GraphQL's shape (a 500 for anything else). */
const SUBGRAPH_ENVELOPE = domainEnvelope((_status, error) => ({
  errors: [{ message: error.message, extensions: { code: error.code } }],
}));
