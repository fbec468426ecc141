import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { createEventBus, type EventBus } from '../events/event-bus.js';
import { EventDispatcher } from '../events/event-dispatcher.js';
import { DISPATCHING_MODULE } from '../events/dispatching-module.js';
import { PRUNE_EVENTS_JOB, pruneEventsJob } from '../events/prune-events.job.js';
import { SMTP_CLOSE_GRACE_MS, startInboundSmtp, type InboundSmtp } from '../mail/inbound-smtp-server.js';
import type { ModuleListener, PlatformDeps, SubgraphModule } from './subgraph-module.js';

/** What a module process runs beside its subgraph; stopped before the HTTP drain ends. */
export interface ModuleBackground {
  dispatcher?: EventDispatcher;
  smtpPort?: number;
  listeners: ModuleListener[];
  stop(): Promise<void>;
}

/** Defines the jobs of the background work that must be defined before the worker starts (outbox pruning). */
export function defineBackgroundJobs(module: SubgraphModule, deps: PlatformDeps): void {
  if (module.name === DISPATCHING_MODULE) deps.jobs.define(pruneEventsJob(deps.config.eventsRetentionDays));
}

/**
 * The one-process runner's wiring for one module in its own process (split mode): the events dispatcher with the
 * module's sinks (webhooks process only, see DISPATCHING_MODULE), the inbound SMTP listener for the recipients it
 * claims (mailboxes, support), its own listeners (the DNS server). Jobs, lanes and sweepers started by defineJobs run
 * with the process's worker already.
 */
export async function startModuleBackground(module: SubgraphModule, deps: PlatformDeps, config: Config, logger: Logger): Promise<ModuleBackground> {
  let bus: EventBus | undefined;
  let dispatcher: EventDispatcher | undefined;
  let smtp: InboundSmtp | undefined;
  const listeners: ModuleListener[] = [];
  const stop = async () => {
    await smtp?.close(Math.min(SMTP_CLOSE_GRACE_MS, config.shutdownTimeoutMs));
    for (const listener of listeners) await listener.close();
    await dispatcher?.stop();
    await bus?.close();
  };
  try {
    if (module.name === DISPATCHING_MODULE) {
      // The live stream goes to every gateway's subscribers through Redis (REDIS_URL); without it only to this process.
      if (!config.redisUrl) logger.warn('REDIS_URL is not set: live events from this process reach no gateway subscriber');
      bus = await createEventBus(config.redisUrl, logger);
      dispatcher = new EventDispatcher({ databaseUrl: config.databaseUrl!, orm: deps.orm, bus, sinks: module.eventSinks?.(deps) ?? [], logger, sweepMs: config.eventsSweepMs });
      await dispatcher.start();
      await deps.jobs.every('1 hour', PRUNE_EVENTS_JOB);
    } else if (module.eventSinks) {
      logger.warn(`event sinks of "${module.name}" run only in the "${DISPATCHING_MODULE}" process's dispatcher; in this process they are not run`);
    }
    listeners.push(...((await module.startListeners?.(deps)) ?? []));
    if (module.inboundMail) smtp = await startInboundSmtp({ ...config.smtpInbound, handlers: [module.inboundMail(deps)], logger, dnsServer: config.dnsResolver });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { dispatcher, smtpPort: smtp?.port, listeners, stop };
}
