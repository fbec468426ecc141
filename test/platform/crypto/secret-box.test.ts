import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../../platform/crypto/secret-box.js';
import { encryptionKeyFor } from '../../../platform/crypto/encryption-key.js';
import { settingsData } from '../../../platform/crypto/settings-data.js';
import { platformData } from '../../../platform/migrations/index.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { createTestDatabase } from '../../helpers/test-database.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('should open what it sealed, with a fresh IV each time', () => {
    const a = box.seal('whsec_abc', 'wh_1');
    const b = box.seal('whsec_abc', 'wh_1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('whsec_abc');
    expect(box.open(a, 'wh_1')).toBe('whsec_abc');
  });

  it('should refuse another key, altered text and other associated data', () => {
    const sealed = box.seal('secret', 'wh_1');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'wh_1')).toThrow();
    expect(() => box.open(sealed, 'wh_2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'wh_1')).toThrow();
  });
});

describe('encryptionKeyFor', () => {
  it('should use ENCRYPTION_KEY when set, else one key kept in platform.settings across restarts', async () => {
    const database = await createTestDatabase();
    const logger = createLogger('silent');
    const open = async () => {
      const orm = await createOrm({ databaseUrl: database.url, modules: [platformData, settingsData] });
      await orm.getMigrator().up();
      return orm;
    };
    try {
      const first = await open();
      const key = await encryptionKeyFor(first, undefined, logger);
      expect(key).toHaveLength(32);
      const sealed = new SecretBox(key).seal('kept', 'x');
      await first.close(true);

      const second = await open(); // a restart: a new process would get the same key
      const again = await encryptionKeyFor(second, undefined, logger);
      expect(again.equals(key)).toBe(true);
      expect(new SecretBox(again).open(sealed, 'x')).toBe('kept');
      const configured = randomBytes(32);
      expect(await encryptionKeyFor(second, configured, logger)).toBe(configured);
      await second.close(true);
    } finally {
      await database.drop();
    }
  });
});
