import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';

/** What a pg query config carries: pg's `$n` text, the values, and a prepared statement's name. */
export interface PooledQuery {
  text: string;
  values: unknown[];
  name?: string;
}

interface PgConnection {
  query(config: PooledQuery): Promise<{ rows: unknown[] }>;
}

/** The pool of knex's client (tarn): the same connections, settings and type parsers as every MikroORM query. */
interface KnexPool {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

/** Texts already rewritten: hot statements are a fixed set, so the cache stays small (it stops growing at its cap). */
const MAX_TEXTS = 1000;
const rewritten = new Map<string, string>();

/** knex's `?` placeholders as pg's `$1, $2, …`; `\?` stays a literal `?` (PostgreSQL's jsonb operator), as knex reads it. */
export function positional(text: string): string {
  let known = rewritten.get(text);
  if (known === undefined) {
    let n = 0;
    known = text.replace(/\\\?|\?/g, (match) => (match === '?' ? `$${++n}` : '?'));
    if (rewritten.size < MAX_TEXTS) rewritten.set(text, known);
  }
  return known;
}

/**
 * Rows of one statement on a connection of knex's pool, sent by the pg driver itself: no knex query object, runner or
 * bindings pass. A connection that broke is marked by knex's own listeners and dropped by its pool on the next acquire.
 */
async function pooledRows<T>(knex: Knex, query: PooledQuery): Promise<T[]> {
  const pool = knex.client as unknown as KnexPool;
  const connection = await pool.acquireConnection();
  try {
    return (await connection.query(query)).rows as T[];
  } finally {
    void pool.releaseConnection(connection);
  }
}

/**
 * Rows of a statement with `?` placeholders and its values bound by the driver (not inlined into the text): straight on a
 * pooled connection outside a transaction, through knex in the EntityManager's transaction otherwise. `name` prepares it
 * once per connection (a fixed text only: the name must always go with the same text).
 */
export async function boundRows<T>(em: EntityManager, text: string, values: unknown[], name?: string): Promise<T[]> {
  const knex = (em.getConnection() as unknown as { getKnex(): Knex }).getKnex();
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) return pooledRows<T>(knex, { text: positional(text), values, name });
  const query = knex.raw(text, values as Knex.RawBinding[]);
  if (name) query.options({ name }); // handed to pg's query config
  return ((await query.transacting(trx)) as { rows: T[] }).rows;
}
