import { hash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, type ApiKeyType } from './api-key.entity.js';
import { Organization } from './organization.entity.js';
import { SCOPES } from './scopes.js';
import type { Auth } from '../auth/auth.js';
import type { PlanName } from '../rate-limit/plans.js';
import { LRUCache } from 'lru-cache';

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

/** Creates organizations and keys, and turns a presented key into an Auth. Lookups are cached briefly (a cache only). */
export class ApiKeyService {
  private readonly cache = new LRUCache<string, { auth: Auth | null; expires: number }>({ max: 10_000 });

  constructor(private readonly rootEm: EntityManager) {}

  async ensureOrganization(slug: string, plan: PlanName = 'STARTER'): Promise<Organization> {
    const em = this.rootEm.fork();
    await em.getConnection().execute(
      'insert into platform.organizations (id, slug, name, plan, created_at) values (gen_random_uuid(), ?, ?, ?, now()) on conflict (slug) do nothing',
      [slug, slug, plan],
    );
    return em.findOneOrFail(Organization, { slug });
  }

  async createKey(input: CreateKeyInput): Promise<{ key: string; record: ApiKey; organization: Organization }> {
    const unknown = (input.scopes ?? []).filter((s) => s !== '*' && !(SCOPES as readonly string[]).includes(s));
    if (unknown.length) throw new Error(`Unknown scopes: ${unknown.join(', ')} (allowed: ${SCOPES.join(', ')})`);
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
    const rows = await this.rootEm.getConnection().execute<{ id: string; organization_id: string; type: ApiKeyType; scopes: string[]; plan: PlanName }[]>(
      `select k.id, k.organization_id, k.type, k.scopes, o.plan
         from platform.api_keys k join platform.organizations o on o.id = k.organization_id
        where k.hash = ? and k.revoked_at is null`,
      [hash],
    );
    const row = rows[0];
    const auth: Auth | null = row
      ? { organizationId: row.organization_id, keyId: row.id, keyType: row.type, scopes: row.scopes, plan: row.plan }
      : null;
    this.cache.set(hash, { auth, expires: now + CACHE_TTL_MS });
    return auth;
  }

  /** authenticate() without a promise, from the cache alone: undefined when the key must be looked up (hot paths). */
  authenticateCached(presented: string): Auth | null | undefined {
    if (!plausibleKey(presented)) return null;
    return this.cachedAuth(hashApiKey(presented), Date.now());
  }

  private cachedAuth(hash: string, now: number): Auth | null | undefined {
    const cached = this.cache.get(hash);
    return cached && cached.expires > now ? cached.auth : undefined;
  }
}
