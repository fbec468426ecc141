import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger.js';
import { SecretBox } from './secret-box.js';

const SETTING = 'encryption_key';
// One resolution per ORM (per process and database): a cache, never state other processes depend on.
const resolved = new WeakMap<MikroORM, Promise<Buffer>>();

/**
 * The key that encrypts secrets at rest: ENCRYPTION_KEY when configured; otherwise a key generated once and kept
 * in platform.settings, so secrets stay readable across restarts and by every process on the same database.
 * The stored key sits beside the data it protects, so production must set ENCRYPTION_KEY (a warning says so).
 */
export function encryptionKeyFor(orm: MikroORM, configured: Buffer | undefined, logger: Logger): Promise<Buffer> {
  if (configured) return Promise.resolve(configured);
  let key = resolved.get(orm);
  if (!key) {
    key = loadOrCreate(orm, logger);
    key.catch(() => resolved.delete(orm)); // a failed read (database down) is retried next time
    resolved.set(orm, key);
  }
  return key;
}

export async function secretBoxFor(orm: MikroORM, configured: Buffer | undefined, logger: Logger): Promise<SecretBox> {
  return new SecretBox(await encryptionKeyFor(orm, configured, logger));
}

async function loadOrCreate(orm: MikroORM, logger: Logger): Promise<Buffer> {
  const connection = orm.em.getConnection();
  // Insert-if-absent then read: two processes starting together agree on the first key written.
  await connection.execute('insert into platform.settings (name, value) values (?, ?) on conflict (name) do nothing', [
    SETTING,
    randomBytes(32).toString('base64'),
  ]);
  const rows = await connection.execute<{ value: string }[]>('select value from platform.settings where name = ?', [
    SETTING,
  ]);
  const key = Buffer.from(rows[0]!.value, 'base64');
  if (key.length !== 32) throw new Error('platform.settings holds an invalid encryption key');
  logger.warn(
    'ENCRYPTION_KEY is not set: using the key generated in platform.settings. Production must set ENCRYPTION_KEY.',
  );
  return key;
}
