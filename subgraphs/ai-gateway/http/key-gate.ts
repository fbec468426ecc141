import type { MikroORM } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { hasScope } from '../../../platform/auth/auth.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { GatewayError } from '../chat/gateway-error.js';
import { GatewayKeyMeta } from '../entities/gateway-key-meta.entity.js';
import { LRUCache } from 'lru-cache';

/** How long the platform caches a key lookup (platform/organizations/api-key.service.ts): revocations are remembered as long. */
const PLATFORM_KEY_CACHE_MS = 10_000;

/** What the gateway enforces per key beyond its expiry. */
export interface KeyPolicy {
  /** Requested model names the key may call; null: any. */
  allowedModels: ReadonlySet<string> | null;
  requestsPerMinute: number | null;
  tokensPerMinute: number | null;
}

/** A key's expiry and policy as loaded from its metadata row. */
interface Expiry {
  /** Epoch ms; null when the key never expires; undefined while `loading`. */
  expiresAt: number | null | undefined;
  policy?: KeyPolicy;
  loading: Promise<void>;
  /** Cached until then (epoch ms). */
  until: number;
}

/**
 * The AI gateway's view of a key beyond the platform's lookup: GATEWAY type, the `ai` scope, expiry, and
 * revocations made in this process (effective at once here; other processes follow within the platform's cache TTL).
 */
export class KeyGate {
  private readonly expiries = new LRUCache<string, Expiry>({ max: 50_000 });
  private readonly revoked = new Map<string, number>();

  constructor(
    private readonly orm: MikroORM,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws for a key the gateway refuses; returns a promise only while the key's expiry is being loaded. */
  check(auth: Auth): Promise<void> | undefined {
    if (auth.keyType !== 'GATEWAY')
      throw new GatewayError('forbidden', 'The AI gateway takes gateway keys (gw_sk_...) only');
    if (!hasScope(auth, 'ai')) throw new GatewayError('forbidden', 'This key lacks the "ai" scope');
    const now = this.now();
    const revokedAt = this.revoked.get(auth.keyId);
    if (revokedAt !== undefined) {
      if (now - revokedAt < PLATFORM_KEY_CACHE_MS * 2)
        throw new GatewayError('unauthorized', 'This key has been revoked');
      this.revoked.delete(auth.keyId);
    }
    const expiry = this.expiryOf(auth, now);
    if (expiry.expiresAt === undefined) return expiry.loading.then(() => this.refuseExpired(expiry.expiresAt, now));
    this.refuseExpired(expiry.expiresAt, now);
    return undefined;
  }

  markRevoked(keyId: string) {
    this.revoked.set(keyId, this.now());
    this.expiries.delete(keyId);
  }

  /** The key's policy once `check` has loaded it (always, by the time a request body is handled). */
  policyNow(keyId: string): KeyPolicy | undefined {
    return this.expiries.get(keyId)?.policy;
  }

  /** The key's settings changed in this process: the next request reloads them. */
  forget(keyId: string) {
    this.expiries.delete(keyId);
  }

  private refuseExpired(expiresAt: number | null | undefined, now: number) {
    if (expiresAt != null && expiresAt <= now) throw new GatewayError('unauthorized', 'This key has expired');
  }

  /** The key's expiry, cached as long as the platform caches the key. */
  private expiryOf(auth: Auth, now: number): Expiry {
    const cached = this.expiries.get(auth.keyId);
    if (cached && cached.until > now) return cached;
    const entry: Expiry = { expiresAt: undefined, loading: Promise.resolve(), until: now + PLATFORM_KEY_CACHE_MS };
    entry.loading = forkForTenant(this.orm.em, auth.organizationId)
      .findOne(GatewayKeyMeta, { keyId: auth.keyId })
      .then((meta) => {
        entry.expiresAt = meta?.expiresAt?.getTime() ?? null;
        entry.policy = {
          allowedModels: meta?.allowedModels ? new Set(meta.allowedModels) : null,
          requestsPerMinute: meta?.requestsPerMinute ?? null,
          tokensPerMinute: meta?.tokensPerMinute ?? null,
        };
      });
    entry.loading.catch(() => this.expiries.delete(auth.keyId));
    this.expiries.set(auth.keyId, entry);
    return entry;
  }
}
