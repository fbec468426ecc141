import type { GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config/config.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Logger } from '../logging/logger.js';
import type { ModuleData } from '../orm/create-orm.js';
import type { PortProvider } from '../ports/port-registry.js';
import type { EventSinkProvider } from '../events/event-dispatcher.js';
import type { HttpRouteProvider } from '../http/module-http.js';
import type { DirectRouteProvider } from '../http/direct-route.js';
import type { PageRouteProvider } from '../http/html/page-route.js';
import type { SubscriptionFieldProvider } from '../graphql/subscription-fields.js';
import type { InboundMailHandler } from '../mail/inbound-mail.js';
import type { PlatformMetrics } from '../metrics/platform-metrics.js';
import type { ModuleErrorCodeEntry } from '../errors/error-codes.js';
import type { EventBus } from '../events/event-bus.js';
import type { ModuleCatalog } from './module-catalog.js';
import type { LocalKeyCache } from '../organizations/api-key-revocation.js';

/** What a module's services may use. Built once per process by the runner. */
export interface PlatformDeps {
  config: Config;
  orm: MikroORM;
  jobs: Jobs;
  logger: Logger;
  /** Counters a module feeds (webhook attempts, AI tokens); served at /metrics by the process. */
  metrics: PlatformMetrics;
  /**
   * The live stream this process publishes to and its subscriptions read (Redis across processes). Durable events go
   * through the outbox, never here; a module publishes only transient signals on it (support typing).
   */
  bus: EventBus;
  /** Every module's scopes and events (the manifests the composition root collected), loaded in this process or not. */
  catalog: ModuleCatalog;
  /**
   * The key lookups this process caches (the runner's): a revocation made here drops the key from it before it
   * answers. Absent in a process that authenticates no keys (a module in its own process); others hear the NOTIFY.
   */
  apiKeyCache?: LocalKeyCache;
}

/** A network listener a module runs beside HTTP (the domains module's DNS server). */
export interface ModuleListener {
  /** For logs and /readyz. */
  name: string;
  /** Where it listens once bound (a port of 0 asks for a free one: tests read it here). */
  address?: { host: string; port: number };
  /** Stops accepting and closes open connections. */
  close(): Promise<void>;
}

/**
 * A module as the runner and the composer see it. `index.ts` of each subgraph exports one. Its capabilities
 * (ports, event sinks, raw and direct HTTP routes, subscription fields, inbound mail, listeners) are typed
 * optional fields, wired by the one-process runner and by the module's own main.ts alike.
 */
export interface SubgraphModule
  extends
    PortProvider,
    EventSinkProvider,
    HttpRouteProvider,
    DirectRouteProvider,
    PageRouteProvider,
    SubscriptionFieldProvider {
  /** Subgraph name in the supergraph, e.g. `email`. */
  name: string;
  /** Entities and migrations. */
  data: ModuleData;
  /** The codes only this module raises, from its `<module>-error-codes.ts`; listed on its routes in the OpenAPI document. */
  errorCodes?: Readonly<Record<string, ModuleErrorCodeEntry>>;
  /** Builds the federated schema; never listens. */
  buildSchema(deps: PlatformDeps): Promise<GraphQLSchema>;
  /** Registers the module's job handlers. */
  defineJobs?(deps: PlatformDeps): void;
  /** Claims the inbound SMTP recipients this module owns (agent mailboxes, support inbox addresses). */
  inboundMail?(deps: PlatformDeps): InboundMailHandler;
  /** Starts the module's own network listeners (after migrations and jobs); the runner closes them on stop. */
  startListeners?(deps: PlatformDeps): Promise<ModuleListener[]>;
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
