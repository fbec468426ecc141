import type { EntityManager } from '@mikro-orm/core';
import { ORG, sql, tenantSql } from '../orm/tenant-sql.js';
import type { ApiKeyType } from './api-key.entity.js';
import { hashApiKey } from './api-key.service.js';
import { revokedAndAnnounced, type LocalKeyCache } from './api-key-revocation.js';
import type { PlanName } from '../rate-limit/plans.js';

/** A key as a module lists it: never its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A platform key (SERVER or SENDING) as its organization's settings list it: with its type and scopes, never its hash. */
export interface PlatformKeyRecord extends ApiKeyRecord {
  type: ApiKeyType;
  scopes: string[];
}

/** The organization a key belongs to, with its plan. */
export interface OrganizationRecord {
  id: string;
  slug: string;
  name: string;
  plan: PlanName;
  createdAt: Date;
}

/**
 * The platform's API keys as a module manages keys of its own type (the AI gateway's GATEWAY keys): always of the
 * EntityManager's organization, in its transaction. Modules reach platform.api_keys only through this port.
 */
export interface ApiKeysPort {
  /** Stores `key` (hashed; its first 12 characters as the prefix). */
  create(
    em: EntityManager,
    input: { type: ApiKeyType; scopes: string[]; name: string; key: string },
  ): Promise<ApiKeyRecord>;
  /** Keys of one type, newest first. */
  list(em: EntityManager, type: ApiKeyType): Promise<ApiKeyRecord[]>;
  /** Revokes a key of that type (a repeat keeps the first time); false when the organization has no such key. */
  revoke(em: EntityManager, type: ApiKeyType, id: string): Promise<boolean>;
  /** The organization's SERVER and SENDING keys (GATEWAY keys are the AI gateway's), newest first, a page of them. */
  listPlatformKeys(
    em: EntityManager,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PlatformKeyRecord[]; total: number }>;
  /** Revokes a SERVER or SENDING key; false when the organization has no such key. */
  revokePlatformKey(em: EntityManager, id: string): Promise<boolean>;
  /** The EntityManager's organization. */
  organization(em: EntityManager): Promise<OrganizationRecord | null>;
  /** Units counted against the monthly quotas in `period` (YYYY-MM, UTC), by resource. */
  usage(em: EntityManager, period: string): Promise<Record<string, number>>;
}

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

const record = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.created_at),
  revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
});

/**
 * platform/organizations' implementation of ApiKeysPort. `localCache` is this process's key cache (absent where no
 * keys are authenticated): a revoke drops the keys from it before it returns.
 */
export const organizationApiKeys = (localCache?: LocalKeyCache): ApiKeysPort => ({
  async create(em, { type, scopes, name, key }) {
    const [row] = await tenantSql(em).rows<KeyRow>(
      sql`insert into platform.api_keys (id, organization_id, name, type, scopes, prefix, hash, created_at)
         values (gen_random_uuid(), ${ORG}, ${name}, ${type}, ${`{${scopes.join(',')}}`}, ${key.slice(0, 12)}, ${hashApiKey(key)}, now()) returning id, name, prefix, created_at, revoked_at`,
    );
    return record(row!);
  },
  async list(em, type) {
    const rows = await tenantSql(em).rows<KeyRow>(
      sql`select id, name, prefix, created_at, revoked_at from platform.api_keys
        where organization_id = ${ORG} and type = ${type} order by created_at desc, id`,
    );
    return rows.map(record);
  },
  async revoke(em, type, id) {
    const rows = await tenantSql(em).rows<RevokedRow>(
      revokedAndAnnounced(
        sql`update platform.api_keys set revoked_at = coalesce(revoked_at, now())
        where id = ${id} and organization_id = ${ORG} and type = ${type} returning id, hash`,
      ),
    );
    return forgotten(rows, localCache);
  },
  async listPlatformKeys(em, { limit, offset }) {
    const rows = await tenantSql(em).rows<KeyRow & { type: ApiKeyType; scopes: string[]; total: string }>(
      sql`select id, name, prefix, created_at, revoked_at, type, scopes, count(*) over () as total from platform.api_keys
        where organization_id = ${ORG} and type in ('SERVER', 'SENDING') order by created_at desc, id limit ${limit} offset ${offset}`,
    );
    const total = rows[0]
      ? Number(rows[0].total)
      : (
          await tenantSql(em).one<{ n: string }>(
            sql`select count(*) as n from platform.api_keys where organization_id = ${ORG} and type in ('SERVER', 'SENDING')`,
          )
        )?.n;
    return {
      rows: rows.map((row) => ({ ...record(row), type: row.type, scopes: row.scopes })),
      total: Number(total ?? 0),
    };
  },
  async revokePlatformKey(em, id) {
    const rows = await tenantSql(em).rows<RevokedRow>(
      revokedAndAnnounced(
        sql`update platform.api_keys set revoked_at = coalesce(revoked_at, now())
        where id = ${id} and organization_id = ${ORG} and type in ('SERVER', 'SENDING') returning id, hash`,
      ),
    );
    return forgotten(rows, localCache);
  },
  async organization(em) {
    const row = await tenantSql(em).one<{ id: string; slug: string; name: string; plan: PlanName; created_at: Date }>(
      sql`select id, slug, name, plan, created_at from platform.organizations where id = ${ORG}`,
    );
    return row
      ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, createdAt: new Date(row.created_at) }
      : null;
  },
  async usage(em, period) {
    const rows = await tenantSql(em).rows<{ resource: string; used: string }>(
      sql`select resource, used from platform.usage where organization_id = ${ORG} and period = ${period}`,
    );
    return Object.fromEntries(rows.map((r) => [r.resource, Number(r.used)]));
  },
});

interface RevokedRow {
  id: string;
  hash: string;
}

/**
 * Drops the revoked keys from this process's cache; true when there were any. Inside a caller's transaction a
 * request could cache the key again before the commit: the NOTIFY, delivered on commit, drops it once more.
 */
function forgotten(rows: RevokedRow[], localCache: LocalKeyCache | undefined): boolean {
  for (const row of rows) localCache?.forget(row.hash);
  return rows.length > 0;
}
