import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../platform/config/config.js';
import { projectRoot } from '../platform/config/project-root.js';
import { startDatabase } from '../platform/database/start-database.js';
import { createLogger, type Logger } from '../platform/logging/logger.js';
import { createOrm } from '../platform/orm/create-orm.js';
import { platformData } from '../platform/migrations/index.js';
import { runMigrations } from '../platform/migrations/run-migrations.js';
import { ApiKeyService } from '../platform/organizations/api-key.service.js';
import { Jobs } from '../platform/jobs/jobs.js';
import type { ModuleListener, PlatformDeps, SubgraphModule } from '../platform/federation/subgraph-module.js';
import {
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../platform/rate-limit/rate-limiter.js';
import { RequestGuard } from '../platform/http/request-guard.js';
import { HttpEdge } from '../platform/http/edge/http-edge.js';
import { ALL_METHODS, createEdgeServer, onRequestStep } from '../platform/http/edge/edge-server.js';
import { domainEnvelope, replyJson } from '../platform/http/edge/error-envelope.js';
import { RestBridge } from '../rest-bridge/bridge.js';
import { loadOperations } from '../rest-bridge/operations.js';
import { BodyRules } from '../rest-bridge/body-rules.js';
import { Supergraph } from '@apollo/federation-internals';
import type { GraphQLSchema } from 'graphql';
import { ALL_ROUTES } from '../rest-bridge/routes/index.js';
import { createGateway } from './create-gateway.js';
import { bridgeExecutor } from './bridge-executor.js';
import { SingleFetchPlans } from './single-fetch-plans.js';
import { admitGraphql, GRAPHQL_ENVELOPE, handleGraphql } from './graphql-http.js';
import { withSubscriptionRoot } from './graphql-local-answers.js';
import { serveFavicon } from './favicon.js';
import { IDE_PATHS, serveGraphqlIde, wantsGraphqlIde } from './graphql-ide.js';
import { DOCS_PATHS, serveDocs, serveOpenApi } from './api-docs.js';
import { CONSOLE_SESSION_PATH, serveConsole, serveConsoleSession, wantsConsole } from './console.js';
import { allModules } from './modules.js';
import { moduleCatalog } from './module-manifests.js';
import type { ModuleCatalog } from '../platform/federation/module-catalog.js';
import { renderError } from '../rest-bridge/envelopes.js';
import { composeSchemas } from '../schema/compose-supergraph.js';
import { settingsData } from '../platform/crypto/settings-data.js';
import { encryptionKeyFor } from '../platform/crypto/encryption-key.js';
import { createEventBus, type EventBus } from '../platform/events/event-bus.js';
import type { EventDispatcher } from '../platform/events/event-dispatcher.js';
import { PlatformPorts, relayRemotePorts, type DepsWithPorts } from '../platform/ports/port-registry.js';
import { DISPATCHING_MODULE } from '../platform/events/dispatching-module.js';
import { startSubscriptionServer } from './subscriptions.js';
import { crossOriginHook } from '../platform/http/cross-origin.js';
import type { ModuleHttpRoute } from '../platform/http/module-http.js';
import { directRoute } from './direct-routes.js';
import { LocalOperations } from '../rest-bridge/local-operations.js';
import { registerPageRoutes } from './page-routes.js';
import { PlatformMetrics } from '../platform/metrics/platform-metrics.js';
import { platformSources } from '../platform/metrics/platform-sources.js';
import { serveMetrics } from '../platform/metrics/metrics-route.js';
import type { MailAuthResolver } from '../platform/mail/inbound-smtp-server.js';
import { defineBackgroundJobs, startBackground } from '../platform/federation/module-background.js';

export interface PlatformOptions {
  /** Defaults to a JSON logger at the configured level. */
  logger?: Logger;
  /** Defaults to every module. */
  modules?: SubgraphModule[];
  /** Defaults to the committed schema/supergraph.graphql, or to one composed from `modules` when they are given. */
  supergraphSdl?: string;
  /** Every module's scopes and events; defaults to the manifests of this build (module-manifests.ts), whichever modules run. */
  catalog?: ModuleCatalog;
  /** DNS of the inbound SPF/DKIM/DMARC checks (tests answer locally); default node:dns over DNS_RESOLVER. */
  mailAuthResolver?: MailAuthResolver;
}

/** A running platform: what tests and the CLI entry point hold on to. */
export interface Platform {
  url: string;
  server: Server;
  orm: MikroORM;
  jobs: Jobs;
  apiKeys: ApiKeyService;
  deps: PlatformDeps;
  /** Drains the events outbox into webhook deliveries and the live stream (none when webhooks runs elsewhere). */
  dispatcher?: EventDispatcher;
  /** The live event stream (Redis when REDIS_URL is set). */
  bus: EventBus;
  /** Listeners the modules started beside HTTP (the DNS server). */
  listeners: ModuleListener[];
  /** Port of the inbound SMTP listener, when a module claims inbound mail. */
  smtpPort?: number;
  /** Drains in-flight requests and jobs, then closes everything it opened. */
  stop(): Promise<void>;
}

/** The one-process runner: database, migrations, jobs, every subgraph in-process, the gateway, the bridge, one port. */
export async function startPlatform(config: Config, options: PlatformOptions = {}): Promise<Platform> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await startDatabase(config, logger);
  const modules = options.modules ?? allModules();
  const catalog = options.catalog ?? moduleCatalog();
  const orm = await createOrm({
    databaseUrl: database.url,
    modules: [platformData, settingsData, ...modules.map((m) => m.data)],
    poolMax: config.databasePoolMax,
    log: (message) => logger.debug('orm', { message }),
  });
  const apiKeys = new ApiKeyService(orm.em, { databaseUrl: database.url, logger, scopes: catalog.scopes });
  await apiKeys.start();
  // Under the migration lock: gateways starting together on an empty database would each create the bootstrap key.
  await runMigrations(orm, async () => {
    if (config.bootstrapApiKey) await apiKeys.ensureBootstrapKey(config.bootstrapApiKey);
  });

  // Named by host and port: a restart in the same slot takes back the job locks a kill -9 left (a random port names no slot).
  const metrics = new PlatformMetrics();
  const jobs = await Jobs.create({
    databaseUrl: database.url,
    processEveryMs: config.jobsProcessEveryMs,
    orm,
    logger,
    instanceName: config.port ? `${hostname()}:${config.port}` : undefined,
    observer: metrics,
  });
  metrics.watch(platformSources(orm, jobs));
  await encryptionKeyFor(orm, config.encryptionKey, logger); // generated and kept in platform.settings when ENCRYPTION_KEY is unset
  // Split mode: modules named in SUBGRAPH_URLS run (with their jobs) in their own processes.
  const local = modules.filter((m) => !config.subgraphUrls.has(m.name));
  const ports = new PlatformPorts();
  const bus = await createEventBus(config.redisUrl, logger);
  const deps: DepsWithPorts = { config, orm, jobs, logger, metrics, ports, bus, catalog, apiKeyCache: apiKeys };
  for (const module of local) module.providePorts?.(deps, ports);
  // Modules in their own processes: their ports reach them as jobs on the shared store (nothing is lost while they are down).
  relayRemotePorts(deps, (name) => config.subgraphUrls.has(name));
  // The outbox is drained where the webhook engine runs: with webhooks in its own process, this one dispatches nothing.
  const dispatchesEvents = !config.subgraphUrls.has(DISPATCHING_MODULE);
  defineBackgroundJobs(deps, dispatchesEvents);
  const subgraphs = new Map();
  for (const module of local) {
    module.defineJobs?.(deps);
    subgraphs.set(module.name, await module.buildSchema(deps));
  }
  // A process given only some modules (tests) composes its own supergraph; the full set serves the committed one.
  const supergraphSdl =
    options.supergraphSdl ??
    (options.modules
      ? composeSchemas(subgraphs).supergraph
      : readFileSync(join(projectRoot(), 'schema', 'supergraph.graphql'), 'utf8'));
  const singleFetchPlans = new SingleFetchPlans();
  const gateway = await createGateway({
    supergraphSdl,
    subgraphs,
    orm,
    catalog,
    remoteUrls: config.subgraphUrls,
    internalSecret: config.internalSecret,
    logger,
    metrics,
    singleFetchPlans,
  });

  const store: RateLimitStore = config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore();
  const edge = new HttpEdge({ guard: new RequestGuard(apiKeys, new RateLimiter(store)) });
  const operations = loadOperations();
  const execute = bridgeExecutor(gateway, singleFetchPlans, metrics);
  /** Set once graphql-ws runs: the API schema with its Subscription root, for introspection. */
  const introspection: { schema?: GraphQLSchema } = {};
  const apiSchema = Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
  const bridge = new RestBridge({
    modules: ALL_ROUTES,
    operations,
    edge,
    bodyRules: new BodyRules(apiSchema, ALL_ROUTES, operations),
    execute,
    scopeOf: (module) => catalog.subgraphScope(module),
    local: new LocalOperations(
      local.flatMap((module) =>
        (module.localOperations?.(deps) ?? []).map((op) => ({
          module: module.name,
          schema: subgraphs.get(module.name) as GraphQLSchema,
          local: op,
        })),
      ),
      operations,
      { orm, metrics, logger },
    ),
  });
  const port = createEdgeServer({
    logger,
    metrics,
    routeLabel,
    bodyLimitBytes: config.bodyLimitBytes,
    requestLogLevel: 'info',
    envelope: PLATFORM_ENVELOPE,
  });
  const { app, server } = port;
  const crossOriginPaths = modules.flatMap((m) => m.crossOriginPaths ?? []);
  if (crossOriginPaths.length) app.addHook('onRequest', crossOriginHook(crossOriginPaths));

  // /healthz says 200 only while everything of this process runs (jobs, dispatcher, listeners): a load balancer or
  // an operator's script waiting on it may count on the background work, and it says 503 again once stopping begins.
  let health: 'starting' | 'ok' | 'stopping' = 'starting';
  app.route({
    method: [...ALL_METHODS],
    url: '/healthz',
    handler: async (_request, reply) => replyJson(reply, health === 'ok' ? 200 : 503, { status: health }),
  });
  app.route({
    method: [...ALL_METHODS],
    url: '/readyz',
    handler: async (_request, reply) => {
      const checks = await readiness(orm, jobs, config.subgraphUrls);
      const ok = Object.values(checks).every((c) => c === 'ok');
      // Split mode: the modules whose processes do not answer, by name (their requests get 503 meanwhile).
      const modulesDown = Object.entries(checks)
        .filter(([name, c]) => name.startsWith('subgraph:') && c !== 'ok')
        .map(([name]) => name.slice('subgraph:'.length));
      return replyJson(reply, ok ? 200 : 503, {
        status: ok ? 'ok' : 'unavailable',
        checks,
        ...(modulesDown.length ? { modulesDown } : {}),
      });
    },
  });
  app.get('/metrics', (request, reply) => serveMetrics(request, reply, metrics, config.metricsToken));
  app.get('/openapi.json', async (_request, reply) => serveOpenApi(reply, config.publicUrl));
  app.get('/favicon.ico', async (_request, reply) => serveFavicon(reply));
  for (const path of DOCS_PATHS) app.get(path, async (_request, reply) => serveDocs(reply, path));
  app.get('/graphql/ide/*', async (request, reply) => serveGraphqlIde(reply, request.edge.log.path as string));
  app.get(CONSOLE_SESSION_PATH, (request, reply) => serveConsoleSession(request, reply, edge, catalog.scopes));
  app.get('/console', async (_request, reply) => serveConsole(reply, '/console'));
  app.get('/console/*', async (request, reply) => serveConsole(reply, request.edge.log.path as string));
  // A browser opening `/` gets the console; anything else on `/` is the bridge's, as before.
  app.route({
    method: [...ALL_METHODS],
    url: '/',
    onRequest: onRequestStep((request, reply) => (wantsConsole(request) ? undefined : bridge.admit(request, reply))),
    handler: (request, reply) =>
      wantsConsole(request) ? reply.code(302).header('Location', '/console/').send() : bridge.handle(request, reply),
  });

  // Hot paths modules serve themselves, beside /graphql and the bridge: raw ones (the AI gateway: every module's,
  // even one whose subgraph runs elsewhere) and JSON ones in the platform envelope (auth session verification: local
  // modules only; elsewhere the bridge route of the same path answers). Other methods on their path go to the bridge.
  const moduleRoutes = new Map<string, ModuleHttpRoute>();
  for (const module of modules)
    for (const route of module.httpRoutes?.(deps) ?? []) moduleRoutes.set(route.path, route);
  for (const module of local)
    for (const route of module.directRoutes?.(deps) ?? []) moduleRoutes.set(route.path, directRoute(route));
  for (const own of moduleRoutes.values()) {
    const admit = own.admit?.bind(own);
    app.route({
      method: own.method ?? [...ALL_METHODS],
      url: own.path,
      config: { envelope: own.envelope },
      onRequest: onRequestStep((request, reply) => {
        request.edge.log.route ??= `${own.method ?? request.method} ${own.path}`;
        return admit?.(request, reply, edge);
      }),
      handler: (request, reply) => own.handle(request, reply, edge),
    });
  }
  registerPageRoutes(
    modules.flatMap((m) => m.pageRoutes?.(deps) ?? []),
    { app, edge, bridge, operations, execute },
  );
  app.route({
    method: [...ALL_METHODS],
    url: '/graphql',
    config: { envelope: GRAPHQL_ENVELOPE },
    onRequest: async (request, reply) => {
      if (!wantsGraphqlIde(request.raw, '/graphql')) await admitGraphql(request, reply, edge);
    },
    handler: (request, reply) =>
      wantsGraphqlIde(request.raw, '/graphql')
        ? serveGraphqlIde(reply, '/graphql')
        : handleGraphql(request, reply, gateway, edge, introspection.schema),
  });
  // The REST bridge keeps its own router behind one wildcard route rather than its table becoming Fastify routes:
  // its 404s and 405s (with Allow) answer in the envelope of the module owning the path's prefix and are counted
  // against the rate limit like any request, a trailing slash and a malformed %-escape match as its table says
  // (route-fuzz covers them), and the same table makes the OpenAPI document. Fastify still runs every edge step
  // around it: the bridge's match and admission are the route's onRequest, its body rule drives the edge's parser.
  app.route({
    method: [...ALL_METHODS],
    url: '/*',
    onRequest: onRequestStep((request, reply) => bridge.admit(request, reply)),
    handler: (request, reply) => bridge.handle(request, reply),
  });
  // Methods Fastify does not route (PROPFIND, ...): the bridge answers them as unmatched, in the same steps.
  app.setNotFoundHandler(async (request, reply) => {
    await bridge.admit(request, reply);
    return bridge.handle(request, reply);
  });
  await app.ready();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const fields = Object.assign({}, ...modules.map((m) => m.subscriptionFields?.(deps) ?? {}));
  const publicSubscriptions = modules.flatMap((m) => m.publicSubscriptions?.(deps) ?? []);
  const subscriptions = startSubscriptionServer({ server, apiKeys, bus, logger, fields, publicSubscriptions });
  introspection.schema = withSubscriptionRoot(apiSchema, subscriptions.schema);
  await jobs.start();
  const background = await startBackground({
    modules: local,
    deps,
    dispatch: dispatchesEvents,
    databaseUrl: database.url,
    bus,
    mailAuthResolver: options.mailAuthResolver,
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  health = 'ok';
  logger.info('platform started', {
    url,
    modules: modules.map((m) => m.name),
    database: config.databaseUrl ? 'external' : 'embedded',
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      health = 'stopping';
      const deadline = Date.now() + config.shutdownTimeoutMs;
      await subscriptions.close(); // upgraded sockets are not the HTTP server's to close
      // Beside the HTTP drain, not before it: an idle SMTP client must not spend the drain's time.
      const smtpClosed = background.closeSmtp();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      while (port.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      server.closeAllConnections();
      await closed;
      await smtpClosed;
      await background.stop();
      await jobs.stop(Math.max(0, deadline - Date.now()));
      await gateway.stop();
      await apiKeys.stop();
      for (const module of modules) await module.close?.();
      await store.close();
      await bus.close();
      await orm.close(true);
      await database.stop();
      logger.info('platform stopped');
    })());

  return {
    url,
    server,
    orm,
    jobs,
    apiKeys,
    deps,
    dispatcher: background.dispatcher,
    bus,
    listeners: background.listeners,
    smtpPort: background.smtpPort,
    stop,
  };
}

async function readiness(orm: MikroORM, jobs: Jobs, remote: Map<string, string>): Promise<Record<string, string>> {
  const check = async (fn: () => Promise<unknown>) =>
    fn().then(
      () => 'ok',
      (e: Error) => `failed: ${e.message}`,
    );
  const checks: Record<string, string> = {
    database: await check(() => orm.em.getConnection().execute('select 1')),
    jobStore: await check(() => jobs.ping()),
  };
  // In-process subgraphs are up when this process is; remote ones answer /healthz beside their /graphql.
  for (const [name, url] of remote) {
    checks[`subgraph:${name}`] = await check(async () => {
      const res = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    });
  }
  return checks;
}

/** The route template of a request (the bridge's route name, a module route, or a fixed path): bounded label values. */
function routeLabel(log: Record<string, unknown>): string {
  if (typeof log.route === 'string') return log.route;
  const path = log.path as string;
  if (path === '/console' || path.startsWith('/console/'))
    return path === CONSOLE_SESSION_PATH ? path : 'GET /console/*';
  return FIXED_PATHS.has(path) || DOCS_PATHS.has(path) || IDE_PATHS.has(path) ? path : 'unmatched';
}
const FIXED_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/openapi.json', '/graphql']);

/** Errors of the fixed paths, and of requests no route takes, in the platform envelope. */
const PLATFORM_ENVELOPE = domainEnvelope((status, error) => renderError('platform', status, error));
