import pg from 'pg';
import { loadConfig } from '../../gateway/module-manifests.js';
import { startPlatform } from '../../gateway/runner.js';
import { createTestDatabase } from '../helpers/test-database.js';

describe('graceful shutdown', () => {
  it('should finish an in-flight request before stopping, and refuse new connections after', async () => {
    const database = await createTestDatabase();
    try {
      const config = loadConfig({
        DATABASE_URL: database.url,
        PORT: '0',
        DNS_PORT: '0',
        SMTP_INBOUND_PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SHUTDOWN_TIMEOUT_MS: '90000',
      });
      const platform = await startPlatform(config);
      const { key } = await platform.apiKeys.createKey({ orgSlug: 'drain', type: 'SERVER' });
      await platform.orm.em
        .getConnection()
        .execute(`update platform.organizations set plan = 'SCALE' where slug = 'drain'`);
      const item = { from: 'a@example.com', to: 'b@example.com', subject: 'drain', text: 'x' };
      const arrived = new Promise((resolve) => platform.server.once('request', resolve));
      const inFlight = fetch(`${platform.url}/emails/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(Array.from({ length: 100 }, () => item)),
      });
      await arrived; // the server is handling it: stop must now drain it, not drop it
      const stopped = platform.stop();
      const res = await inFlight;
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown[] };
      expect(body.data).toHaveLength(100);
      await stopped;
      await expect(fetch(`${platform.url}/healthz`)).rejects.toThrow();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(`select count(*)::int as n from email.messages where subject = 'drain'`);
      await client.end();
      expect(rows[0].n).toBe(100);
    } finally {
      await database.drop();
    }
  }, 180_000); // the drain deadline is generous so that a loaded CI machine cannot cut the request short
});
