import { sql, type SqlStatement } from '../orm/tenant-sql.js';

/** Channel on which a revocation names, by hash, the key every process must drop from its lookup cache. */
export const API_KEY_REVOKED_CHANNEL = 'platform_api_keys_revoked';

/**
 * Wraps `update platform.api_keys ... returning id, hash` so that each revoked key's hash is NOTIFYed. NOTIFY is
 * delivered on commit, so no process drops a key whose revocation rolls back.
 */
export const revokedAndAnnounced = (update: SqlStatement): SqlStatement =>
  sql`with revoked as (${update}) select id, pg_notify(${API_KEY_REVOKED_CHANNEL}, hash) from revoked`;
