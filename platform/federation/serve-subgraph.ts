import { PlatformMetrics } from '../metrics/platform-metrics.js';
import { platformSources } from '../metrics/platform-sources.js';
import { serveMetrics } from '../metrics/metrics-route.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config/config.js';
import type { SubgraphContext } from '../context/subgraph-context.js';
import { SIGNED_CONTEXT_HEADER, verifyCallerContext } from '../auth/signed-context.js';
import { DomainError } from '../errors/domain-error.js';
import { statusOf } from '../errors/error-codes.js';
import { readBody } from '../http/read-body.js';
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

export interface ServeSubgraphOptions {
  /** Port of the subgraph's listener; 0 picks a free one. */
  port: number;
  /** Interface to bind. Loopback by default: a subgraph is never public (`_entities` would bypass auth). */
  host?: string;
  /** Defaults to a JSON logger at the configured level. */
  logger?: Logger;
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
export async function serveSubgraph(module: SubgraphModule, config: Config, options: ServeSubgraphOptions): Promise<ServedSubgraph> {
  const logger = (options.logger ?? createLogger(config.logLevel)).child({ subgraph: module.name });
  // The embedded server belongs to the one-process runner; processes in split mode share one external database.
  if (!config.databaseUrl) throw new Error(`Subgraph "${module.name}" in its own process needs DATABASE_URL (the database the other processes use)`);
  const databaseUrl = config.databaseUrl;
  // The outbox is drained in the webhook engine's process (DISPATCHING_MODULE), with its sinks.
  const dispatches = module.name === DISPATCHING_MODULE;

  const orm = await createOrm({ databaseUrl, modules: [platformData, module.data], log: (message) => logger.debug('orm', { message }) });
  const metrics = new PlatformMetrics();
  let jobs: Jobs | undefined;
  let apollo: ApolloServer<SubgraphContext> | undefined;
  let deps: PlatformDeps | undefined;
  try {
    await runMigrations(orm);
    jobs = await Jobs.create({ databaseUrl, mongoUrl: config.agendaMongoUrl, processEveryMs: config.jobsProcessEveryMs, orm, logger, instanceName: options.port ? `${hostname()}:${module.name}:${options.port}` : undefined, observer: metrics });
    metrics.watch(platformSources(orm, jobs));
    const ports = new PlatformPorts();
    const withPorts: DepsWithPorts = { config, orm, jobs, logger, metrics, ports };
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
      formatError: (formatted, error) => (error instanceof GraphQLError ? (formatted.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' && error.originalError instanceof DomainError ? error.originalError : error).toJSON() : formatted),
      includeStacktraceInErrorResponses: false,
      validationRules: queryLimitRules('subgraph'),
      parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
      introspection: false,
      csrfPrevention: true,
      // Cache control and inline tracing wrap every field resolver (about a tenth of this process's CPU under load);
      // we set no cache hints and the gateway reports no usage, so neither is installed.
      plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), ApolloServerPluginInlineTraceDisabled(), executedResultsAre200()],
      logger: { debug: (m) => logger.debug(String(m)), info: (m) => logger.info(String(m)), warn: (m) => logger.warn(String(m)), error: (m) => logger.error(String(m)) },
    });
    await apollo.start();
  } catch (error) {
    await apollo?.stop().catch(() => undefined);
    await jobs?.stop(0);
    await module.close?.().catch(() => undefined);
    await orm.close(true);
    throw error;
  }
  const server = apollo;
  const jobRunner = jobs;
  const platformDeps = deps!;
  let background: ModuleBackground | undefined;

  // 200 only once the job worker and the background work run (a process that failed there exited after an early 200),
  // and no more once stopping. Declared before the handler reads it (a `stopping` read there before its declaration
  // ran threw, so /healthz answered 500 while starting).
  let health: 'starting' | 'ok' | 'stopping' = 'starting';
  let inFlight = 0;
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? '/').split('?')[0];
    const log: Record<string, unknown> = { method: req.method, path };
    inFlight++;
    res.on('close', () => {
      inFlight--;
      metrics.httpRequests.observe({ method: req.method ?? 'GET', route: KNOWN_PATHS.has(path) ? path : 'unmatched', status: res.statusCode }, Number(process.hrtime.bigint() - started) / 1e9);
      const fields = { ...log, status: res.statusCode, durationMs: Number(process.hrtime.bigint() - started) / 1e6 };
      if (log.error || res.statusCode >= 500) logger.error('request', fields);
      else logger.debug('request', fields);
    });
    try {
      if (path === '/healthz') return sendJson(res, health === 'ok' ? 200 : 503, { status: health });
      if (path === '/metrics' && req.method === 'GET') return await serveMetrics(req, res, metrics, config.metricsToken);
      if (path !== '/graphql') return sendJson(res, 404, { errors: [{ message: `No route for ${path}`, extensions: { code: 'NOT_FOUND' } }] });
      const caller = verifyCallerContext(req.headers[SIGNED_CONTEXT_HEADER], config.internalSecret);
      if (!caller) {
        req.resume(); // the body is never read, parsed or executed
        return sendJson(res, 401, { errors: [{ message: 'Missing or invalid internal signature', extensions: { code: 'UNAUTHORIZED' } }] });
      }
      log.requestId = caller.requestId;
      log.organizationId = caller.auth?.organizationId;
      activeSpan()?.setAttributes(callerAttributes(caller.requestId, caller.auth?.organizationId)); // split mode: this process's HTTP span
      try {
        assertSubgraphScope(caller.auth, module.name); // every field of this subgraph demands its scope
      } catch (refused) {
        req.resume();
        // 200 with errors: the gateway's remote data source turns any other status into a code-less error.
        return sendJson(res, 200, { data: null, errors: [(refused as DomainError).toJSON()] });
      }
      const body = req.method === 'POST' ? await readBody(req, config.bodyLimitBytes) : undefined;
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const response = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: new URL(req.url ?? '/', 'http://local').search, body },
        context: async () => ({
          requestId: caller.requestId,
          auth: caller.auth,
          em: caller.auth ? forkForTenant(orm.em, caller.auth.organizationId) : orm.em.fork({ clear: true, useContext: false }),
          loaders: new Map(),
        }),
      });
      for (const [name, value] of response.headers) res.setHeader(name, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        res.end(response.body.string);
      } else {
        for await (const chunk of response.body.asyncIterator) res.write(chunk);
        res.end();
      }
    } catch (error) {
      const domain = error instanceof DomainError ? error : null;
      if (!domain) log.error = error;
      const code = domain?.code ?? 'INTERNAL_ERROR';
      if (!res.headersSent) sendJson(res, statusOf(code), { errors: [{ message: domain?.message ?? 'Internal server error', extensions: { code } }] });
      else res.end();
    }
  };
  const httpServer = createServer({ keepAliveTimeout: 65_000 }, (req, res) => void handler(req, res));
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port, host, () => resolve());
    });
    await jobRunner.start();
    background = await startBackground({ modules: [module], deps: platformDeps, dispatch: dispatches, databaseUrl });
  } catch (error) {
    httpServer.close();
    await server.stop();
    await jobRunner.stop(0);
    await module.close?.().catch(() => undefined);
    await orm.close(true);
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/graphql`;
  health = 'ok';
  logger.info('subgraph started', { url });

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    health = 'stopping';
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const smtpClosed = background?.closeSmtp(); // beside the HTTP drain, as the one-process runner does
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    httpServer.closeAllConnections();
    await closed;
    await smtpClosed;
    await background?.stop();
    await jobRunner.stop(Math.max(0, deadline - Date.now()));
    await server.stop();
    await module.close?.();
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

function sendJson(res: ServerResponse, status: number, payload: unknown) {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
