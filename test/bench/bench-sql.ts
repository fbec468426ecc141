// A plain pg connection for a benchmark's seeding and checks, beside the platform process (which owns its own pool).
import pg from 'pg';

export interface BenchSql {
  /**
   * Runs one statement and returns its rows. Each `?` is bound to the next param, as in MikroORM's execute; the SQL
   * must hold no other question mark (no jsonb `?` operator, none inside a literal).
   */
  execute<T = any>(sql: string, params?: unknown[]): Promise<T>;
  end(): Promise<void>;
}

export async function connectBenchSql(databaseUrl: string): Promise<BenchSql> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return {
    async execute<T>(sql: string, params: unknown[] = []): Promise<T> {
      let i = 0;
      return (
        params.length
          ? await db.query(
              sql.replace(/\?/g, () => `$${++i}`),
              params,
            )
          : await db.query(sql)
      ).rows as T;
    },
    end: () => db.end(),
  };
}
