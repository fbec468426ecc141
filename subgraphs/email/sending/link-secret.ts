import { createHmac } from 'node:crypto';
import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { encryptionKeyFor } from '../../../platform/crypto/encryption-key.js';

/**
 * The key of tracking and unsubscribe tokens. Links in sent mail must keep working across restarts and in every
 * process, so it is derived from the stable encryption key, not from the per-process default INTERNAL_SECRET.
 */
export async function linkSecret(deps: PlatformDeps): Promise<string> {
  const key = await encryptionKeyFor(deps.orm, deps.config.encryptionKey, deps.logger);
  return createHmac('sha256', key).update('email-tracking-links').digest('hex');
}
