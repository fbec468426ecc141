import pg from 'pg';
import type { Logger } from '../logging/logger.js';

const RECONNECT_AFTER_MS = 1_000;

export interface NotificationListenerOptions {
  /** The database whose NOTIFYs to hear; the listener holds a connection of its own to it. */
  databaseUrl: string;
  /** Channel name: a constant identifier, never user input (LISTEN takes no bound parameter). */
  channel: string;
  logger: Logger;
  /** Called with each notification's payload, and with no payload after every (re)connect: what came meanwhile was missed. */
  onNotify(payload?: string): void;
  /** Called when the connection drops or an attempt fails: notifications are missed until the next `onNotify()`. */
  onLost?(): void;
}

/**
 * LISTEN on its own connection, reconnecting after a drop. NOTIFY is a wake-up, never a record: whoever listens must
 * also sweep for what a dropped connection missed.
 */
export class NotificationListener {
  private client?: pg.Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly options: NotificationListenerOptions) {}

  /** Resolves once listening (or once the first attempt failed and a reconnect is scheduled). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => this.options.onNotify(message.payload ?? ''));
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${this.options.channel}`);
      this.client = client;
      this.options.onNotify();
    } catch (error) {
      this.reconnect(client, error);
    }
  }

  private reconnect(client: pg.Client, error?: unknown) {
    if (this.stopped || (this.client && this.client !== client)) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.options.onLost?.();
    if (error)
      this.options.logger.warn('notification listener lost; reconnecting', { channel: this.options.channel, error });
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_AFTER_MS);
  }
}
