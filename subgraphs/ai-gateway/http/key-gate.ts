import type { MikroORM } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { hasScope } from '../../../platform/auth/auth.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { GatewayError } from '../chat/gateway-error.js';
import { GatewayKeyMeta } from '../entities/gateway-key-meta.entity.js';

/** How long the platform caches a key lookup (platform/organizations/api-key.service.ts): revocations are remembered as long. */
const PLATFORM_KEY_CACHE_MS = 10_000;

/**
 * The AI gateway's view of a key beyond the platform's lookup: GATEWAY type, the `ai` scope, expiry, and
 * revocations made in this process (effective at once here; other processes follow within the platform's cache TTL).
 */
export class KeyGate {
  private readonly expiries = new Map<string, { expiresAt: Promise<number | null>; until: number }>();
  private readonly revoked = new Map<string, number>();

  constructor(private readonly orm: MikroORM, private readonly now: () => number = Date.now) {}

  async check(auth: Auth): Promise<void> {
    if (auth.keyType !== 'GATEWAY') throw new GatewayError('forbidden', 'The AI gateway takes gateway keys (gw_sk_...) only');
    if (!hasScope(auth, 'ai')) throw new GatewayError('forbidden', 'This key lacks the "ai" scope');
    const now = this.now();
    const revokedAt = this.revoked.get(auth.keyId);
    if (revokedAt !== undefined) {
      if (now - revokedAt < PLATFORM_KEY_CACHE_MS * 2) throw new GatewayError('unauthorized', 'This key has been revoked');
      this.revoked.delete(auth.keyId);
    }
    const expiresAt = await this.expiryOf(auth, now);
    if (expiresAt !== null && expiresAt <= now) throw new GatewayError('unauthorized', 'This key has expired');
  }

  markRevoked(keyId: string) {
    this.revoked.set(keyId, this.now());
    this.expiries.delete(keyId);
  }

  private expiryOf(auth: Auth, now: number): Promise<number | null> {
    const cached = this.expiries.get(auth.keyId);
    if (cached && cached.until > now) return cached.expiresAt;
    const expiresAt = forkForTenant(this.orm.em, auth.organizationId)
      .findOne(GatewayKeyMeta, { keyId: auth.keyId })
      .then((meta) => meta?.expiresAt?.getTime() ?? null);
    expiresAt.catch(() => this.expiries.delete(auth.keyId));
    if (this.expiries.size > 50_000) this.expiries.clear();
    this.expiries.set(auth.keyId, { expiresAt, until: now + PLATFORM_KEY_CACHE_MS });
    return expiresAt;
  }
}
