import { hash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, type ApiKeyType } from './api-key.entity.js';
import { Organization } from './organization.entity.js';
import type { Auth } from '../auth/auth.js';
import type { PlanName } from '../rate-limit/plans.js';
import { LRUCache } from 'lru-cache';
import { NotificationListener } from '../database/notification-listener.js';
import type { Logger } from '../logging/logger.js';
import { API_KEY_REVOKED_CHANNEL, type LocalKeyCache } from './api-key-revocation.js';

const KEY_PREFIX: Record<ApiKeyType, string> = { SERVER: 'sk_srv_', SENDING: 'sk_snd_', GATEWAY: 'gw_sk_' };
const CACHE_TTL_MS = 10_000;

// One-shot crypto.hash: a third of createHash's cost, and every request on a hot path hashes its key.
export const hashApiKey = (key: string) => hash('sha256', key, 'hex');

export interface CreateKeyInput {
  orgSlug: string;
  type: ApiKeyType;
  /** Omitted: every scope. */
  scopes?: string[];
  name?: string;
  /** Use this exact key instead of generating one (BOOTSTRAP_API_KEY). */
  exactKey?: string;
}

/** Keys are 8 to 256 characters; anything else is refused without hashing or a lookup. */
const plausibleKey = (presented: string) => presented.length >= 8 && presented.length <= 256;

export interface ApiKeyServiceOptions {
  /** The database whose revocations to hear, with a logger for the listener. Without both (one-shot tools) lookups are cached for the TTL alone. */
  databaseUrl?: string;
  logger?: Logger;
  /** Scopes a key may be limited to (the modules' manifests); without them only unlimited (`*`) keys are created. */
  scopes?: readonly string[];
}

/**
 * Creates organizations and keys, and turns a presented key into an Auth. Lookups are cached briefly (a cache only).
 * A revocation NOTIFYs the key's hash on commit and every process drops it at once; while that listener is down
 * nothing is served from the cache, and the TTL bounds staleness should a notification be lost.
 */
export class ApiKeyService implements LocalKeyCache {
  private readonly cache = new LRUCache<string, { auth: Auth | null; expires: number }>({ max: 10_000 });
  private readonly listener?: NotificationListener;
  /** Revocations reach this process (always true without a listener: nothing to hear). */
  private listening: boolean;
  private readonly revocationHandlers = new Set<(hash: string) => void>();

  private readonly scopes: readonly string[];

  constructor(
    private readonly rootEm: EntityManager,
    options: ApiKeyServiceOptions = {},
  ) {
    this.scopes = options.scopes ?? [];
    if (options.databaseUrl && options.logger) {
      this.listener = new NotificationListener({
        databaseUrl: options.databaseUrl,
        channel: API_KEY_REVOKED_CHANNEL,
        logger: options.logger,
        // No payload: (re)connected, and what was revoked meanwhile is unknown, so start from an empty cache.
        onNotify: (hash) => (hash === undefined ? this.serve() : this.heardRevoked(hash)),
        onLost: () => this.suspend(),
      });
    }
    this.listening = !this.listener;
  }

  /** Starts hearing revocations (the listener reconnects by itself); until then nothing is cached. */
  async start(): Promise<void> {
    await this.listener?.start();
  }

  async stop(): Promise<void> {
    this.suspend();
    await this.listener?.stop();
  }

  async ensureOrganization(slug: string, plan: PlanName = 'STARTER'): Promise<Organization> {
    const em = this.rootEm.fork();
    await em
      .getConnection()
      .execute(
        'insert into platform.organizations (id, slug, name, plan, created_at) values (gen_random_uuid(), ?, ?, ?, now()) on conflict (slug) do nothing',
        [slug, slug, plan],
      );
    return em.findOneOrFail(Organization, { slug });
  }

  async createKey(input: CreateKeyInput): Promise<{ key: string; record: ApiKey; organization: Organization }> {
    const unknown = (input.scopes ?? []).filter((s) => s !== '*' && !this.scopes.includes(s));
    if (unknown.length) throw new Error(`Unknown scopes: ${unknown.join(', ')} (allowed: ${this.scopes.join(', ')})`);
    const organization = await this.ensureOrganization(input.orgSlug);
    const key = input.exactKey ?? KEY_PREFIX[input.type] + randomBytes(24).toString('base64url');
    const em = this.rootEm.fork();
    const record = em.create(ApiKey, {
      organizationId: organization.id,
      name: input.name ?? `${input.type.toLowerCase()} key`,
      type: input.type,
      scopes: input.scopes?.length ? input.scopes : ['*'],
      prefix: key.slice(0, 12),
      hash: hashApiKey(key),
    });
    await em.flush();
    return { key, record, organization };
  }

  /** Makes sure organization `default` owns exactly this SERVER key with every scope. */
  async ensureBootstrapKey(key: string): Promise<void> {
    const em = this.rootEm.fork();
    const existing = await em.findOne(ApiKey, { hash: hashApiKey(key) });
    if (existing) {
      existing.type = 'SERVER';
      existing.scopes = ['*'];
      existing.revokedAt = null;
      await em.flush();
      return;
    }
    await this.createKey({ orgSlug: 'default', type: 'SERVER', name: 'bootstrap', exactKey: key });
  }

  /** The Auth for a presented key, or null when it is unknown or revoked. */
  async authenticate(presented: string): Promise<Auth | null> {
    if (!plausibleKey(presented)) return null;
    const hash = hashApiKey(presented);
    const now = Date.now();
    const known = this.cachedAuth(hash, now);
    if (known !== undefined) return known;
    const rows = await this.rootEm
      .getConnection()
      .execute<{ id: string; organization_id: string; type: ApiKeyType; scopes: string[]; plan: PlanName }[]>(
        `select k.id, k.organization_id, k.type, k.scopes, o.plan
         from platform.api_keys k join platform.organizations o on o.id = k.organization_id
        where k.hash = ? and k.revoked_at is null`,
        [hash],
      );
    const row = rows[0];
    const auth: Auth | null = row
      ? { organizationId: row.organization_id, keyId: row.id, keyType: row.type, scopes: row.scopes, plan: row.plan }
      : null;
    if (this.listening) this.cache.set(hash, { auth, expires: now + CACHE_TTL_MS });
    return auth;
  }

  /** authenticate() without a promise, from the cache alone: undefined when the key must be looked up (hot paths). */
  authenticateCached(presented: string): Auth | null | undefined {
    if (!plausibleKey(presented)) return null;
    return this.cachedAuth(hashApiKey(presented), Date.now());
  }

  private cachedAuth(hash: string, now: number): Auth | null | undefined {
    const cached = this.listening ? this.cache.get(hash) : undefined;
    return cached && cached.expires > now ? cached.auth : undefined;
  }

  /** Calls `handler` with the hash of each key revoked anywhere (what was authenticated with it must end); returns the unsubscribe. */
  onRevoked(handler: (hash: string) => void): () => void {
    this.revocationHandlers.add(handler);
    return () => this.revocationHandlers.delete(handler);
  }

  /** Drops a key revoked by this process at once (LocalKeyCache), before its NOTIFY comes back. */
  forget(hash: string): void {
    this.drop(hash);
  }

  /** A revocation's NOTIFY, from any process (this one's own included, after its forget). */
  private heardRevoked(hash: string) {
    this.drop(hash);
  }

  private drop(hash: string) {
    this.cache.delete(hash);
    for (const handler of this.revocationHandlers) handler(hash);
  }

  private serve() {
    this.cache.clear();
    this.listening = true;
  }

  private suspend() {
    this.listening = false;
    this.cache.clear();
  }
}
