import { createTestDatabase } from '../../helpers/test-database.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { platformData } from '../../../platform/migrations/index.js';
import { createLogger } from '../../../platform/logging/logger.js';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Error logs keep the SQL statement that failed and lose the values in it (user data never reaches the log). */
describe('SQL in logs', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  const queryLog: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    orm = await createOrm({
      databaseUrl: database.url,
      modules: [platformData],
      debug: true,
      log: (message) => queryLog.push(message),
    });
    await orm.getMigrator().up();
  });
  afterAll(async () => {
    await orm.close(true);
    await drop();
  });

  /** What the logger writes for `fields`, read back from stdout. */
  const logged = (fields: Record<string, unknown>): string => {
    const lines: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => lines.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      createLogger('error').error('request', fields);
    } finally {
      process.stdout.write = write;
    }
    return lines.join('');
  };

  it("should log a driver error's statement without the values bound into it", async () => {
    const secret = 'alice.secret@example.com';
    const em = orm.em.fork();
    const error = await em
      .getConnection()
      .execute(
        `insert into platform.organizations (id, slug, name, plan, created_at) values (?, ?, ?, 'STARTER', now())`,
        ['not-a-uuid', secret, secret],
      )
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(secret); // the driver puts the values in its message...
    const line = logged({ error });
    expect(line).toContain('insert into');
    expect(line).not.toContain(secret); // ...the log does not
  });

  it('should log a constraint violation without the failing row PostgreSQL echoes', async () => {
    const secret = 'Quarterly numbers (draft) for carol';
    const em = orm.em.fork();
    const error = await em
      .getConnection()
      .execute(
        `insert into platform.organizations (id, slug, name, plan, created_at) values (gen_random_uuid(), ?, ?, null, now())`,
        [secret, secret],
      )
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const line = logged({ error, detail: (error as { detail?: string }).detail });
    expect(line).toContain('insert into');
    expect(line).toContain('Failing row contains (?)');
    expect(line).not.toContain('carol');
    // A message copied into a plain field (GraphQL errors are logged so) loses its values too.
    const copied = logged({
      message: `insert into email.messages (id, subject) values ('m1', '${secret}') - value too long`,
    });
    expect(copied).toContain('insert into email.messages');
    expect(copied).not.toContain('carol');
  });

  it("should keep the ORM's query log free of values", async () => {
    const secret = 'bob.secret@example.com';
    await orm.em.fork().getConnection().execute('select ? as x', [secret]);
    expect(queryLog.join('\n')).toContain('select');
    expect(queryLog.join('\n')).not.toContain(secret);
  });
});
