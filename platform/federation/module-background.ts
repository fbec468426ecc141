import { createEventBus, type EventBus } from '../events/event-bus.js';
import { EventDispatcher } from '../events/event-dispatcher.js';
import { DISPATCHING_MODULE } from '../events/dispatching-module.js';
import { PRUNE_EVENTS_JOB, pruneEventsJob } from '../events/prune-events.job.js';
import { inboundAddressOwner } from '../mail/inbound-addresses.js';
import {
  SMTP_CLOSE_GRACE_MS,
  startInboundSmtp,
  type InboundSmtp,
  type MailAuthResolver,
} from '../mail/inbound-smtp-server.js';
import type { ModuleListener, PlatformDeps, SubgraphModule } from './subgraph-module.js';

/** What a process runs beside its HTTP server for the modules it serves; stopped after the HTTP drain. */
export interface ModuleBackground {
  /** Drains the outbox into the sinks and the live stream; only where events are dispatched. */
  dispatcher?: EventDispatcher;
  /** Port of the inbound SMTP listener, when a module claims inbound mail. */
  smtpPort?: number;
  /** Listeners the modules started beside HTTP (the DNS server). */
  listeners: ModuleListener[];
  /** Closes the SMTP listener (bounded grace): called beside the HTTP drain, so an idle SMTP client does not spend its time. */
  closeSmtp(): Promise<void>;
  /** Closes the SMTP listener if not yet done, the listeners, the dispatcher and a bus of its own. */
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  /** The modules this process serves (the runner: every one not in SUBGRAPH_URLS; a module process: its module). */
  modules: SubgraphModule[];
  deps: PlatformDeps;
  /** This process drains the events outbox: where the webhook engine runs (see DISPATCHING_MODULE). */
  dispatch: boolean;
  /** The database the dispatcher listens to for new events (the embedded one has no DATABASE_URL). */
  databaseUrl: string;
  /** The live event stream this process already holds (the runner's, for its subscriptions); else one is opened to dispatch. */
  bus?: EventBus;
  /** DNS of the inbound SPF/DKIM/DMARC checks (tests answer locally); default node:dns over DNS_RESOLVER. */
  mailAuthResolver?: MailAuthResolver;
}

/** Defines the background jobs that must exist before the worker starts (outbox pruning, where events are dispatched). */
export function defineBackgroundJobs(deps: PlatformDeps, dispatch: boolean): void {
  if (dispatch) deps.jobs.define(pruneEventsJob(deps.config.eventsRetentionDays));
}

/**
 * The background wiring of the one-process runner and of a module's own process alike (after the job worker started):
 * the events dispatcher with the modules' sinks, its pruning, the modules' listeners (the DNS server) and one inbound
 * SMTP listener for every module that claims recipients (mailboxes, support).
 */
export async function startBackground(options: BackgroundOptions): Promise<ModuleBackground> {
  const { modules, deps, dispatch } = options;
  const { config, logger } = deps;
  let ownBus: EventBus | undefined;
  let dispatcher: EventDispatcher | undefined;
  let smtp: InboundSmtp | undefined;
  const listeners: ModuleListener[] = [];
  let smtpClosed: Promise<void> | undefined;
  const closeSmtp = () =>
    (smtpClosed ??= smtp?.close(Math.min(SMTP_CLOSE_GRACE_MS, config.shutdownTimeoutMs)) ?? Promise.resolve());
  const stop = async () => {
    await closeSmtp();
    for (const listener of listeners) await listener.close();
    await dispatcher?.stop();
    await ownBus?.close();
  };
  try {
    if (dispatch) {
      // Without Redis the live stream reaches only this process's subscribers: a module process has none (it warns).
      const bus = options.bus ?? (ownBus = await createEventBus(config.redisUrl, logger));
      dispatcher = new EventDispatcher({
        databaseUrl: options.databaseUrl,
        orm: deps.orm,
        bus,
        sinks: modules.flatMap((m) => m.eventSinks?.(deps) ?? []),
        logger,
        sweepMs: config.eventsSweepMs,
      });
      await deps.jobs.every('1 hour', PRUNE_EVENTS_JOB);
      await dispatcher.start();
    } else {
      // One outbox mark per event: sinks run only in the dispatching process. A module with sinks elsewhere would lose
      // its work silently, so such a process does not start (a module reaches another process through a job instead).
      const stranded = modules.filter((m) => m.eventSinks).map((m) => m.name);
      if (stranded.length)
        throw new Error(
          `Event sinks of ${stranded.join(', ')} run only where "${DISPATCHING_MODULE}" is served, and this process does not dispatch events`,
        );
    }
    for (const module of modules) listeners.push(...((await module.startListeners?.(deps)) ?? []));
    const handlers = modules.flatMap((m) => (m.inboundMail ? [m.inboundMail(deps)] : []));
    if (handlers.length > 0)
      smtp = await startInboundSmtp({
        ...config.smtpInbound,
        handlers,
        ownerOf: async (address) => (await inboundAddressOwner(deps.orm.em, address))?.module ?? null,
        logger,
        resolver: options.mailAuthResolver,
        dnsServer: config.dnsResolver,
      });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { dispatcher, smtpPort: smtp?.port, listeners, closeSmtp, stop };
}
