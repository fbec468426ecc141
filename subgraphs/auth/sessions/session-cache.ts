import type { Logger } from '../../../platform/logging/logger.js';
import { NotificationListener } from '../../../platform/database/notification-listener.js';
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
 * A small per-process cache of verified sessions: only a cache, so any process may hold a copy. Revocations NOTIFY the
 * session ids on commit; every process LISTENs (platform/database/notification-listener.ts) and drops them. While the
 * listener is down nothing is served from the cache, and the TTL bounds staleness should a notification be lost.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession>;
  private readonly listener?: NotificationListener;
  private started?: Promise<void>;
  /** The listener is up: revocations reach this process. */
  private listening = false;
  private closed = false;

  constructor(private readonly options: { databaseUrl?: string; ttlMs: number; maxEntries: number; logger: Logger }) {
    // Bounded by count, least recently used out first; the TTL is checked against the caller's clock in get().
    this.entries = new LRUCache({ max: options.maxEntries });
    if (options.databaseUrl) {
      this.listener = new NotificationListener({
        databaseUrl: options.databaseUrl,
        channel: SESSION_REVOKED_CHANNEL,
        logger: options.logger,
        // No payload: (re)connected, and what was revoked meanwhile is unknown, so start from an empty cache.
        onNotify: (payload) => (payload === undefined ? this.serve() : this.drop(payload.split(','))),
        onLost: () => this.suspend(),
      });
    }
  }

  get(id: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now - entry.loadedAt > this.options.ttlMs || !this.listening) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  set(entry: CachedSession) {
    if (this.listening) this.entries.set(entry.id, entry);
  }

  drop(ids: readonly string[]) {
    for (const id of ids) this.entries.delete(id);
  }

  /** Starts the LISTEN connection once (it reconnects by itself); until it is up, nothing is served from the cache. */
  start(): Promise<void> {
    if (!this.listener || this.closed) return Promise.resolve();
    this.started ??= this.listener.start();
    return this.started;
  }

  async close() {
    this.closed = true;
    this.suspend();
    await this.listener?.stop();
  }

  private serve() {
    this.entries.clear();
    this.listening = !this.closed;
  }

  private suspend() {
    this.listening = false;
    this.entries.clear();
  }
}
