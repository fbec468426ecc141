import pg from 'pg';
import { createTestDatabase } from '../../helpers/test-database.js';
import { NotificationListener } from '../../../platform/database/notification-listener.js';
import { createLogger } from '../../../platform/logging/logger.js';

describe('NotificationListener', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('should hear NOTIFYs, report a lost connection, and say it is back after reconnecting', async () => {
    const heard: (string | undefined)[] = [];
    let lost = 0;
    const waiters: (() => void)[] = [];
    const changed = () => waiters.splice(0).forEach((wake) => wake());
    const until = (condition: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => (condition() ? resolve() : waiters.push(check));
        check();
      });
    const listener = new NotificationListener({
      databaseUrl: db.url,
      channel: 'test_channel',
      logger: createLogger('silent'),
      onNotify: (payload) => {
        heard.push(payload);
        changed();
      },
      onLost: () => {
        lost++;
        changed();
      },
    });
    try {
      await listener.start();
      expect(heard).toEqual([undefined]); // listening: whatever came before is unknown

      await client.query("select pg_notify('test_channel', 'a,b')");
      await until(() => heard.length === 2);
      expect(heard[1]).toBe('a,b');

      await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen test_channel' and pid <> pg_backend_pid()",
      );
      await until(() => lost === 1);
      await until(() => heard.length === 3); // reconnected by itself
      expect(heard[2]).toBeUndefined();

      await client.query("select pg_notify('test_channel', 'c')");
      await until(() => heard.length === 4);
      expect(heard[3]).toBe('c');
    } finally {
      await listener.stop();
    }
  });
});
