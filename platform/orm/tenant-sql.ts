import type { EntityManager } from '@mikro-orm/core';
import { boundRows } from './pooled-query.js';
import { tenantOf } from './tenant-of.js';

/** Marks where a statement binds the caller's organization; the helper supplies the value itself. */
export const ORG: unique symbol = Symbol('organization');

export type SqlValue =
  string | number | boolean | bigint | Date | Buffer | null | readonly unknown[] | Record<string, unknown> | typeof ORG;

/** A statement built by the `sql` tag: text with `?` placeholders and its values, never concatenated input. */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly SqlValue[];
}

/**
 * Tags a statement: every `${value}` becomes a bound `?` placeholder, `${ORG}` the caller's organization.
 * A nested statement (`${sql`...`}`) is spliced in with its own values, for optional clauses.
 * Write PostgreSQL's jsonb `?` operator as `\\?` (knex treats a bare `?` as a placeholder).
 */
export function sql(strings: TemplateStringsArray, ...values: (SqlValue | SqlStatement)[]): SqlStatement {
  let text = strings[0]!;
  const bound: SqlValue[] = [];
  values.forEach((value, i) => {
    if (isStatement(value)) {
      text += value.text;
      bound.push(...value.values);
    } else {
      text += '?';
      bound.push(value);
    }
    text += strings[i + 1]!;
  });
  return { text, values: bound };
}

/** Joins statements (`sql` fragments) with a separator, for dynamic `set` lists and `where` clauses. */
export function joinSql(parts: SqlStatement[], separator: string): SqlStatement {
  return { text: parts.map((p) => p.text).join(separator), values: parts.flatMap((p) => p.values) };
}

function isStatement(value: unknown): value is SqlStatement {
  return typeof value === 'object' && value !== null && 'text' in value && 'values' in value && !Array.isArray(value);
}

/**
 * Raw SQL for one organization: the only way a module runs hand-written statements on tenant data.
 * Every statement must bind `${ORG}` at least once (refused otherwise), and the value bound is the
 * EntityManager's tenant, never one taken from input. Runs in the EntityManager's transaction, if any.
 */
export class TenantSql {
  readonly organizationId: string;

  constructor(
    private readonly em: EntityManager,
    organizationId?: string,
  ) {
    this.organizationId = organizationId ?? tenantOf(em);
  }

  /** Rows of a statement that binds the organization. */
  async rows<T extends object = Record<string, unknown>>(statement: SqlStatement): Promise<T[]> {
    return (await this.em
      .getConnection()
      .execute(statement.text, this.bind(statement), 'all', this.em.getTransactionContext())) as T[];
  }

  /**
   * Rows of a statement whose values travel as bind parameters instead of inlined into its text (MikroORM's execute
   * inlines them): for statements carrying large values, such as a 50 KB mail body, which inlining escapes and
   * copies and PostgreSQL then lexes, and for hot reads. Arrays bind as PostgreSQL arrays, so write
   * `= any(${list}::text[])` (not `in (${list})`). `prepareAs` names a server-side prepared statement, parsed and
   * planned once per connection instead of per call: for a hot statement whose text never changes (the name must
   * always go with the same text). Outside a transaction the statement goes straight to a pooled pg connection (the
   * pool MikroORM's knex owns), without knex's query runner: a third of the cost of a short read.
   */
  async rowsBound<T extends object = Record<string, unknown>>(
    statement: SqlStatement,
    prepareAs?: string,
  ): Promise<T[]> {
    return boundRows<T>(this.em, statement.text, this.bind(statement), prepareAs);
  }

  /** The first row, or null. */
  async one<T extends object = Record<string, unknown>>(statement: SqlStatement): Promise<T | null> {
    return (await this.rows<T>(statement))[0] ?? null;
  }

  /** Runs a write; answers the number of rows it touched. */
  async run(statement: SqlStatement): Promise<number> {
    const result = (await this.em
      .getConnection()
      .execute(statement.text, this.bind(statement), 'run', this.em.getTransactionContext())) as {
      affectedRows?: number;
    };
    return result.affectedRows ?? 0;
  }

  private bind(statement: SqlStatement): unknown[] {
    if (!statement.values.includes(ORG))
      throw new Error(`Raw SQL without the organization bound: ${statement.text.slice(0, 80)}`);
    observer?.(statement);
    return statement.values.map((value) => (value === ORG ? this.organizationId : value));
  }
}

let observer: ((statement: SqlStatement) => void) | undefined;

/**
 * Hands every statement `TenantSql` runs to `next` before it is sent (unset: nothing, the production case). Tests
 * parse each one and prove that every table with an organization column is filtered by it.
 */
export function observeTenantStatements(next: ((statement: SqlStatement) => void) | undefined): void {
  observer = next;
}

/** Raw SQL bound to the EntityManager's organization (see TenantSql). */
export function tenantSql(em: EntityManager): TenantSql {
  return new TenantSql(em);
}

/**
 * Raw SQL bound to the organization of a verified API key or of a resource already resolved by its public
 * reference (a LIVE form), for hot paths that fork no EntityManager per request. The organization comes from
 * the authenticated context or the stored resource, never from input.
 */
export function tenantSqlFor(em: EntityManager, owner: { organizationId: string }): TenantSql {
  if (!owner.organizationId) throw new Error('No organization to bind');
  return new TenantSql(em, owner.organizationId);
}

/**
 * A statement assembled elsewhere (a compiled query language, a shared list builder) from fixed text with
 * `?` placeholders and its values; the organization is still bound only through `ORG` among the values.
 */
export function sqlOf(text: string, values: readonly (SqlValue | unknown)[]): SqlStatement {
  return { text, values: values as SqlValue[] };
}

/**
 * Raw SQL that spans organizations on purpose (a job sweeping due rows of every tenant, a global
 * uniqueness check). `why` names the reason, so a reader finds every such place with one search.
 * Statements here must not return another tenant's data to a caller.
 */
export function crossTenantSql(em: EntityManager, why: string) {
  void why;
  const execute = (statement: SqlStatement, method: 'all' | 'run') => {
    if (statement.values.includes(ORG)) throw new Error('A cross-tenant statement has no organization to bind');
    return em.getConnection().execute(statement.text, [...statement.values], method, em.getTransactionContext());
  };
  return {
    rows: async <T extends object = Record<string, unknown>>(statement: SqlStatement) =>
      (await execute(statement, 'all')) as T[],
    /** Rows with the values bound by the driver, as `TenantSql.rowsBound` (arrays bind as PostgreSQL arrays). */
    rowsBound: async <T extends object = Record<string, unknown>>(statement: SqlStatement): Promise<T[]> => {
      if (statement.values.includes(ORG)) throw new Error('A cross-tenant statement has no organization to bind');
      return boundRows<T>(em, statement.text, [...statement.values]);
    },
    run: async (statement: SqlStatement) =>
      ((await execute(statement, 'run')) as { affectedRows?: number }).affectedRows ?? 0,
    /**
     * Runs a write outside any transaction with its values bound by the driver rather than inlined into the text
     * (MikroORM's execute inlines them): for one large parameter, such as a batch travelling as JSON.
     */
    runBound: async (statement: SqlStatement): Promise<void> => {
      if (statement.values.includes(ORG)) throw new Error('A cross-tenant statement has no organization to bind');
      await (em.getConnection() as unknown as { getKnex(): { raw(text: string, values: unknown[]): Promise<unknown> } })
        .getKnex()
        .raw(statement.text, [...statement.values]);
    },
  };
}
