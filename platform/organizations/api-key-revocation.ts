import { sql, type SqlStatement } from '../orm/tenant-sql.js';

/** Channel on which a revocation names, by hash, the key every process must drop from its lookup cache. */
export const API_KEY_REVOKED_CHANNEL = 'platform_api_keys_revoked';

/**
 * Wraps `update platform.api_keys ... returning id, hash` so that each revoked key's hash is NOTIFYed. NOTIFY is
 * delivered on commit, so no process drops a key whose revocation rolls back.
 */
export const revokedAndAnnounced = (update: SqlStatement): SqlStatement =>
  sql`with revoked as (${update}) select id, hash, pg_notify(${API_KEY_REVOKED_CHANNEL}, hash) from revoked`;

/**
 * The key lookups the revoking process caches. The revoke drops each revoked key from it before answering, so the
 * caller's next request is refused even before the NOTIFY comes back; other processes still learn by the NOTIFY.
 */
export interface LocalKeyCache {
  forget(hash: string): void;
}
