import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../gateway/module-manifests.js';
import { startDatabase } from '../../../platform/database/start-database.js';
import { checkEmbeddedAccess } from '../../../platform/database/embedded-access.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { freePort } from '../../helpers/free-port.js';
import { itIf } from '../../helpers/test-if.js';

/** As root in a folder other users cannot enter, the embedded PostgreSQL stops at once and says what to do. */
describe('embedded PostgreSQL in a folder the postgres user cannot enter', () => {
  const privateDir = mkdtempSync(join(tmpdir(), 'private-'));
  beforeAll(() => chmodSync(privateDir, 0o700));
  afterAll(() => rmSync(privateDir, { recursive: true, force: true }));

  it('should name the closed folder and the ways out, as root', () => {
    expect(() => checkEmbeddedAccess(join(privateDir, 'data'), 0)).toThrow(
      new RegExp(`cannot enter ${privateDir}.*chmod o\\+x ${privateDir}.*DATABASE_URL`),
    );
  });

  it('should not get in the way of another user, nor of an open folder', () => {
    expect(() => checkEmbeddedAccess(join(privateDir, 'data'), 1000)).not.toThrow();
    expect(() => checkEmbeddedAccess(join(tmpdir(), 'open-data'), 0)).not.toThrow();
  });

  itIf(process.getuid?.() === 0, 'the check applies to root only and this process is not root')(
    'should stop startDatabase at once with that message when this process is root',
    async () => {
      const config = loadConfig({
        EMBEDDED_PG_DIR: join(privateDir, 'data'),
        EMBEDDED_PG_PORT: String(await freePort()),
        DNS_PORT: '0',
        SMTP_INBOUND_PORT: '0',
        LOG_LEVEL: 'silent',
      });
      await expect(startDatabase(config, createLogger('silent'))).rejects.toThrow(/cannot enter/);
    },
  );
});
