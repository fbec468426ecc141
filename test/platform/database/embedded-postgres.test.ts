import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../../../platform/config/project-root.js';
import { loadConfig } from '../../../gateway/module-manifests.js';
import { startPlatform } from '../../../gateway/runner.js';
import { freePort } from '../../helpers/free-port.js';

/** `npm start` without DATABASE_URL: an embedded PostgreSQL whose data survives a restart. */
describe('embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('should start without DATABASE_URL, migrate, serve, and keep the data across a restart', async () => {
    const env = {
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: '0',
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BOOTSTRAP_API_KEY: 'sk_bootstrap_embedded_test_key_0001',
    };
    const headers = { authorization: `Bearer ${env.BOOTSTRAP_API_KEY}`, 'content-type': 'application/json' };

    const first = await startPlatform(loadConfig(env));
    const sent = await fetch(`${first.url}/emails`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ from: 'a@example.com', to: 'b@example.com', subject: 'kept', text: 'x' }),
    });
    expect(sent.status).toBe(200);
    const { data } = (await sent.json()) as { data: { messageId: string } };
    await first.stop();

    const second = await startPlatform(loadConfig(env));
    try {
      const got = await fetch(`${second.url}/emails/messages/${data.messageId}`, { headers });
      expect(got.status).toBe(200);
      expect(((await got.json()) as { data: { subject: string } }).data.subject).toBe('kept');
    } finally {
      await second.stop();
    }
  });

  it('should let `npm run keys` create a key beside a running platform, on the same embedded server, and leave it running', async () => {
    const env = {
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: '0',
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    };
    const platform = await startPlatform(loadConfig(env));
    try {
      const cli = join(projectRoot(), 'dist', 'gateway', 'platform-api-cli.js');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'keys', 'create', '--org', 'beside', '--type', 'SERVER'],
        { env: { ...process.env, ...env, DATABASE_URL: '' } },
      );
      const key = stdout.trim().split('\n').pop()!;
      expect(key).toMatch(/^sk_srv_/);
      const listed = await fetch(`${platform.url}/emails/messages`, { headers: { authorization: `Bearer ${key}` } });
      expect(listed.status).toBe(200);
    } finally {
      await platform.stop();
    }
  });
});
