import pg from 'pg';
import type { Logger } from '../../../platform/logging/logger.js';
import { LRUCache } from 'lru-cache';

/** Channel on which revocations name the sessions every process must drop from its cache. */
export const SESSION_REVOKED_CHANNEL = 'auth_sessions_revoked';

/** What verification needs of a session and its user, as read from the database. */
export interface CachedSession {
  id: string;
  organizationId: string;
  secretHash: Buffer;
  userId: string;
  email: string;
  emailVerified: boolean;
  userStatus: string;
  mfaVerified: boolean;
  createdAt: Date;
  expiresAt: Date;
  lastActiveAt: Date;
  idleTimeoutMinutes: number;
  revoked: boolean;
  /** When this copy was read; it is trusted for `ttlMs` only. */
  loadedAt: number;
  /** When this process last wrote last_active_at (writes are coalesced to one a minute). */
  touchedAt: number;
}

/**
 * A small per-process cache of verified sessions (DESIGN §2: caches are fine if they are only caches). Revocations
 * NOTIFY the session ids on commit; every process LISTENs and drops them, and the TTL bounds staleness should a
 * notification be lost (listener reconnecting).
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession>;
  private listener?: pg.Client;
  private listening?: Promise<void>;
  private closed = false;
  /** After a failed connection, no new attempt before this time (the database may be down: do not retry per request). */
  private retryAt = 0;

  constructor(private readonly options: { databaseUrl?: string; ttlMs: number; maxEntries: number; logger: Logger }) {
    // Bounded by count, least recently used out first; the TTL is checked against the caller's clock in get().
    this.entries = new LRUCache({ max: options.maxEntries });
  }

  get(id: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now - entry.loadedAt > this.options.ttlMs || !this.listener) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  set(entry: CachedSession) {
    this.entries.set(entry.id, entry);
  }

  drop(ids: readonly string[]) {
    for (const id of ids) this.entries.delete(id);
  }

  /** Starts the LISTEN connection once; until it is up, nothing is served from the cache. */
  start(): Promise<void> {
    if (!this.options.databaseUrl || this.closed || (!this.listening && Date.now() < this.retryAt)) return Promise.resolve();
    this.listening ??= this.listen();
    return this.listening;
  }

  async close() {
    this.closed = true;
    const client = this.listener;
    this.listener = undefined;
    this.entries.clear();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => this.drop((message.payload ?? '').split(',')));
    const lost = (error?: unknown) => {
      if (this.listener === client) this.listener = undefined;
      this.entries.clear();
      this.listening = undefined;
      this.retryAt = Date.now() + 1000;
      if (!this.closed) this.options.logger.warn('session revocation listener lost; cache off until it reconnects', { error });
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${SESSION_REVOKED_CHANNEL}`);
      if (this.closed) await client.end();
      else this.listener = client;
    } catch (error) {
      lost(error);
    }
  }
}
