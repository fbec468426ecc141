import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { Logger } from '../logging/logger.js';
import { NotificationListener } from '../database/notification-listener.js';
import type { EventBus } from './event-bus.js';
import { EVENTS_CHANNEL } from './emit-event.js';
import type { PlatformEvent } from './platform-event.js';

/** An outbox row as sinks receive it. */
export interface OutboxEvent extends PlatformEvent {
  organizationId: string;
}

/** Something that turns events into durable work (webhook deliveries), inside the dispatch transaction. */
export interface EventSink {
  /** For logs. */
  name: string;
  /** Resolves when the sink can take another batch (back-pressure: meanwhile events wait, durable, in the outbox). */
  ready?(): Promise<void>;
  /**
   * Runs in the transaction that marks the events dispatched, with an unscoped EntityManager. Must be idempotent:
   * after a crash the same events come again (their rows were never marked). May return work to start once that
   * transaction has committed (never before: it could still roll back).
   */
  handle(tx: EntityManager, events: OutboxEvent[]): Promise<(() => void) | void>;
}

export interface EventDispatcherOptions {
  /** The database holding platform.events; the dispatcher LISTENs on its own connection to it. */
  databaseUrl: string;
  orm: MikroORM;
  /** The live stream for subscriptions. */
  bus: EventBus;
  sinks: EventSink[];
  logger: Logger;
  /** Safety sweep interval: catches events whose NOTIFY was missed (listener reconnecting). */
  sweepMs: number;
  /** Events per transaction. */
  batchSize?: number;
}

const RETRY_AFTER_FAILURE_MS = 1_000;

interface OutboxRow {
  seq: string;
  id: string;
  organization_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/**
 * Drains the events outbox (platform.events) in order into the sinks and the live bus. Woken by NOTIFY on
 * `platform_events` (sent by emitEvent on commit) plus a slow sweep. Rows are taken `FOR UPDATE SKIP LOCKED`, so
 * any number of processes can run a dispatcher; a row is marked dispatched in the same transaction as the
 * sinks' work, so a crash at any point leaves it to be dispatched again (at least once, same event id).
 */
export class EventDispatcher {
  private readonly listener: NotificationListener;
  private sweepTimer?: NodeJS.Timeout;
  private retryTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private stopSignal: Promise<void> = Promise.resolve();
  private signalStop = () => {};
  private readonly batchSize: number;

  constructor(private readonly options: EventDispatcherOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.listener = new NotificationListener({
      databaseUrl: options.databaseUrl,
      channel: EVENTS_CHANNEL,
      logger: options.logger,
      onNotify: () => this.wake(),
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.stopSignal = new Promise((resolve) => (this.signalStop = resolve));
    await this.listener.start(); // wakes once connected: events left by a previous run
    this.sweepTimer = setInterval(() => this.wake(), this.options.sweepMs);
    this.sweepTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.signalStop();
    clearInterval(this.sweepTimer);
    clearTimeout(this.retryTimer);
    await this.listener.stop();
    await this.running;
  }

  /** Asks for a drain; calls during a drain coalesce into one more pass. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainLoop().finally(() => (this.running = undefined));
  }

  /** Dispatches everything pending now and returns how many events it took (tests, benchmarks). */
  async drain(): Promise<number> {
    return this.drainWhile(() => true);
  }

  private async drainWhile(go: () => boolean): Promise<number> {
    let total = 0;
    while (go()) {
      const taken = await this.dispatchBatch();
      total += taken;
      if (taken < this.batchSize) break;
    }
    return total;
  }

  private async drainLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.drainWhile(() => !this.stopped);
      } catch (error) {
        this.options.logger.error('event dispatch failed; retrying', { error });
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.wake(), RETRY_AFTER_FAILURE_MS);
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async dispatchBatch(): Promise<number> {
    // A stopping dispatcher does not wait for a busy sink: the events stay in the outbox for the next run.
    for (const sink of this.options.sinks) await Promise.race([sink.ready?.(), this.stopSignal]);
    if (this.stopped && this.running) return 0;
    const em = this.options.orm.em.fork({
      clear: true,
      useContext: false,
      disableFilters: true,
    } as never) as EntityManager;
    const afterCommit: (() => void)[] = [];
    const taken = await em.transactional(async (tx) => {
      // Taken and marked in one statement: the mark commits with the sinks' work or rolls back with it.
      const rows = await tx.execute<OutboxRow[]>(
        `update platform.events e set dispatched_at = now()
           from (select seq from platform.events where dispatched_at is null order by seq limit ? for update skip locked) taken
          where e.seq = taken.seq
         returning e.seq, e.id, e.organization_id, e.type, e.data, e.created_at`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      rows.sort((a, b) => Number(BigInt(a.seq) - BigInt(b.seq)));
      const events: OutboxEvent[] = rows.map((r) => ({
        id: r.id,
        type: r.type,
        timestamp: new Date(r.created_at).toISOString(),
        data: r.data,
        organizationId: r.organization_id,
      }));
      for (const sink of this.options.sinks) {
        const then = await sink.handle(tx, events);
        if (then) afterCommit.push(then);
      }
      // Published before the commit: if the commit fails the events come again (a duplicate, never a loss).
      await this.options.bus.publish(events.map(({ organizationId, ...event }) => ({ organizationId, event })));
      return rows.length;
    });
    for (const then of afterCommit) then();
    return taken;
  }
}

/** A module that feeds dispatched events into durable work (the webhook engine); the runner collects the sinks. */
export interface EventSinkProvider {
  eventSinks?(deps: PlatformDeps): EventSink[];
}
