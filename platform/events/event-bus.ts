import { EventEmitter } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logging/logger.js';
import type { PlatformEvent } from './platform-event.js';

/** An event on the live stream, with the organization it belongs to (subscribers filter on it). */
export interface BusEvent {
  organizationId: string;
  event: PlatformEvent;
  /**
   * A live signal published straight on the bus (support typing), never in the outbox: no webhook, no replay, and
   * not on `Subscription.events`; only the module's own subscription fields read it.
   */
  transient?: true;
}

export type BusListener = (message: BusEvent) => void;

/** The live event stream behind GraphQL subscriptions: fed by the dispatcher, read by every process. */
export interface EventBus {
  /** Best effort: an outage of the bus must not stop webhook dispatch, so it logs instead of throwing. */
  publish(events: BusEvent[]): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

const LOCAL = 'event';

/** One process: an EventEmitter. */
export class MemoryEventBus implements EventBus {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(protected readonly logger?: Logger) {}

  async publish(events: BusEvent[]): Promise<void> {
    this.deliver(events);
  }

  subscribe(listener: BusListener): () => void {
    const safe = (message: BusEvent) => {
      try {
        listener(message);
      } catch (error) {
        this.logger?.error('event bus listener failed', { error });
      }
    };
    this.emitter.on(LOCAL, safe);
    return () => this.emitter.off(LOCAL, safe);
  }

  protected deliver(events: BusEvent[]) {
    for (const message of events) this.emitter.emit(LOCAL, message);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub: every process subscribes to one channel, so an event dispatched anywhere reaches every subscriber. */
export class RedisEventBus extends MemoryEventBus {
  private failing = false;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    logger: Logger,
  ) {
    super(logger);
    sub.on('message', (_channel: string, raw: string) => {
      try {
        this.deliver(JSON.parse(raw) as BusEvent[]);
      } catch (error) {
        logger.error('unreadable event bus message', { error });
      }
    });
  }

  static async connect(url: string, logger: Logger, channel = 'platform:events'): Promise<RedisEventBus> {
    // maxRetriesPerRequest 1: a publish during an outage fails fast instead of queueing forever.
    const options = { maxRetriesPerRequest: 1, disconnectTimeout: 200 } as RedisOptions;
    const pub = new Redis(url, options);
    const sub = new Redis(url, options);
    const bus = new RedisEventBus(pub, sub, channel, logger);
    pub.on('error', (error) => bus.report(error));
    sub.on('error', (error) => bus.report(error));
    // Redis down at start-up must not stop the platform: subscribe again whenever the connection is (re)made.
    const subscribe = () =>
      sub.subscribe(channel).then(
        () => undefined,
        (error: unknown) => bus.report(error),
      );
    sub.on('ready', () => void subscribe());
    await subscribe();
    return bus;
  }

  override async publish(events: BusEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.pub.publish(this.channel, JSON.stringify(events));
      this.failing = false;
    } catch (error) {
      this.report(error);
    }
  }

  override async close(): Promise<void> {
    await super.close();
    for (const client of [this.sub, this.pub]) {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    }
  }

  private report(error: unknown) {
    if (this.failing) return;
    this.failing = true;
    this.logger?.warn('Redis event bus unavailable: live subscriptions miss events until it is back', { error });
  }
}

export async function createEventBus(redisUrl: string | undefined, logger: Logger): Promise<EventBus> {
  return redisUrl ? RedisEventBus.connect(redisUrl, logger) : new MemoryEventBus(logger);
}
