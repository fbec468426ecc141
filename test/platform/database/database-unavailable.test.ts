import pg from 'pg';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { fromIp, newVisitorIp } from '../../subgraphs/forms/helpers/public-client.js';
import { formsModule } from '../../../subgraphs/forms/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { isDatabaseUnavailable } from '../../../platform/database/database-unavailable.js';
import { waitForDatabase } from '../../../platform/database/start-database.js';
import { createLogger } from '../../../platform/logging/logger.js';

/** Runs one statement on the server's maintenance database. */
async function admin(statement: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Closes `database` to new connections and ends the ones it has: what a restart or a full server looks like. */
async function closeDatabase(database: string): Promise<void> {
  await admin(`alter database ${database} allow_connections false`);
  await admin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
  );
  // Termination is a signal the backends act on in their own time: wait until none is left, so the requests below meet a
  // database that refuses connections rather than, on a busy machine, a backend that is still finishing.
  await eventually(
    async () => (await admin('select 1 from pg_stat_activity where datname = $1', [database])).length === 0,
  );
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [Object.assign(new Error('sorry, too many clients already'), { code: '53300' }), true],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), true],
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
    [
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
      true,
    ],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), true],
    [Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }), true],
    [new Error('Client has encountered a connection error and is not queryable'), true],
    [new Error('Connection terminated'), true],
    [{ originalError: { cause: Object.assign(new Error('x'), { code: '57P03' }) } }, true],
    [Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }), false],
    [Object.assign(new Error('password authentication failed for user "x"'), { code: '28P01' }), false],
    [new Error('Cannot read properties of undefined'), false],
  ])('%s → %s', (error, expected) => expect(isDatabaseUnavailable(error)).toBe(expected));
});

describe('a database that refuses connections', () => {
  let t: TestPlatform;
  let key: string;
  let database: string;
  let form: { id: number; uuid: string };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule(), webhooksModule(), formsModule(), crmModule()] });
    key = await t.key('db-down');
    database = new URL(t.platform.orm.config.get('clientUrl')!).pathname.slice(1);
    form = (
      await t.request('POST', '/forms', {
        key,
        body: { title: 'Signup', fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name' }] },
      })
    ).body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
  });
  afterAll(async () => {
    await admin(`alter database ${database} allow_connections true`).catch(() => undefined);
    await t.stop();
  });

  it('should answer 503 SERVICE_UNAVAILABLE with Retry-After in each envelope, then serve again once it is back', async () => {
    await closeDatabase(database);
    try {
      const submit = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
        body: { data: { name: 'Ada' } },
      });
      expect(submit.status).toBe(503);
      expect(submit.headers['retry-after']).toBe('2');
      expect(submit.body).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('retry'), details: { retryAfter: 2 } },
      });

      const list = await t.request('GET', '/emails/messages', { key });
      expect(list.status).toBe(503);
      expect(list.headers.get('retry-after')).toBe('2');
      expect(list.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });

      const graphql = await t.graphql(key, '{ forms { data { id } } }');
      expect(graphql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(JSON.stringify(graphql.body)).not.toMatch(/allow|accepting|pg_|postgres/i);
    } finally {
      await admin(`alter database ${database} allow_connections true`);
    }
    await eventually(
      async () =>
        (await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, { body: { data: { name: 'Ada' } } }))
          .status === 201,
    );
  });
});

describe('waitForDatabase', () => {
  it('should wait at start-up while the database refuses connections, and connect once it takes them', async () => {
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    await admin(`alter database ${name} allow_connections false`);
    const waits: number[] = [];
    try {
      // The injected wait reopens the database on the second retry: no fixed sleep.
      await waitForDatabase(db.url, createLogger('silent'), 60_000, async (ms) => {
        waits.push(ms);
        if (waits.length === 2) await admin(`alter database ${name} allow_connections true`);
      });
      expect(waits).toHaveLength(2);
      waits.forEach((ms) => expect(ms).toBeLessThanOrEqual(5_000));
    } finally {
      await admin(`alter database ${name} allow_connections true`);
      await db.drop();
    }
  });

  it('should give up at once on a failure that waiting does not mend (an unknown database)', async () => {
    const url = 'postgres://postgres@127.0.0.1:5432/no_such_database_here';
    await expect(
      waitForDatabase(url, createLogger('silent'), 60_000, async () => {
        throw new Error('must not wait');
      }),
    ).rejects.toThrow(/does not exist/);
  });
});
