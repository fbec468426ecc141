import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryBuilder } from '@mikro-orm/knex';
import { tenantOf } from './tenant-of.js';
import { forkForTenant } from './tenancy.js';

/** Where a bound value of a cached statement comes from on each request. */
type Slot = { kind: 'tenant' } | { kind: 'value'; index: number } | { kind: 'limit' } | { kind: 'offset' };

/** A list SELECT built once by the QueryBuilder (tenant filter applied), kept as text with `?` placeholders. */
export interface PageStatement {
  sql: string;
  slots: Slot[];
}

/** A query's values and the shape they sit in: statements are cached per shape, values bound per request. */
export interface WhereShape {
  key: string;
  values: unknown[];
}

const MAX_STATEMENTS = 500;
const statements = new Map<string, PageStatement | null>();

/**
 * The shape of a filter (keys and operators, in order) and its leaf values; null when it holds anything but text
 * leaves (numbers, dates, arrays, null), which is then built afresh each time.
 */
export function whereShape(where: Record<string, unknown>): WhereShape | null {
  const values: unknown[] = [];
  const walk = (node: Record<string, unknown>): string | null => {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') {
        values.push(value);
        parts.push(key);
      } else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
        const inner = walk(value as Record<string, unknown>);
        if (inner === null) return null;
        parts.push(`${key}:{${inner}}`);
      } else return null;
    }
    return parts.join(',');
  };
  const key = walk(where);
  return key === null ? null : { key, values };
}

/** `where` with its text leaves replaced, in order, by `values`. */
export function withValues(where: Record<string, unknown>, values: unknown[]): Record<string, unknown> {
  let next = 0;
  const walk = (node: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        typeof value === 'string' ? values[next++] : walk(value as Record<string, unknown>),
      ]),
    );
  return walk(where);
}

/**
 * The cached statement of `cacheKey`, built on first use by `build` from stand-in values: a probe QueryBuilder over a
 * stand-in organization (the tenant filter applied as always), whose bindings must each be one of the stand-ins, so
 * the text holds no value of its own. Anything else (a binding not accounted for, one bound twice) is not cached.
 */
export async function pageStatement(
  cacheKey: string,
  shape: WhereShape,
  build: (em: EntityManager, values: unknown[], limit: number, offset: number) => Promise<{ qb: QueryBuilder<any> }>,
  em: EntityManager,
): Promise<PageStatement | null> {
  const known = statements.get(cacheKey);
  if (known !== undefined) return known;
  const tenant = `\u0001tenant:${cacheKey}`;
  const standIns = shape.values.map((_v, i) => `\u0001value:${i}`);
  const [limit, offset] = [987_654_321, 987_654_322];
  let built: { sql: string; bindings: unknown[] };
  try {
    const { qb } = await build(forkForTenant(em, tenant), standIns, limit, offset);
    built = qb.toQuery()._sql as unknown as { sql: string; bindings: unknown[] };
  } catch {
    return null; // stand-ins the builder refuses: the request builds its own query (and meets the same refusal, if any)
  }
  const { sql, bindings } = built;
  const slots: Slot[] = [];
  let statement: PageStatement | null = { sql, slots };
  for (const binding of bindings) {
    if (binding === tenant) slots.push({ kind: 'tenant' });
    else if (binding === limit) slots.push({ kind: 'limit' });
    else if (binding === offset) slots.push({ kind: 'offset' });
    else if (typeof binding === 'string' && standIns.includes(binding))
      slots.push({ kind: 'value', index: standIns.indexOf(binding) });
    else statement = null; // a value the shape does not name (a constant of a filter): not cacheable
  }
  if (
    statement &&
    (slots.filter((s) => s.kind === 'tenant').length !== 1 ||
      new Set(slots.filter((s) => s.kind === 'value').map((s) => (s as { index: number }).index)).size !==
        standIns.length)
  )
    statement = null;
  if (statements.size < MAX_STATEMENTS) statements.set(cacheKey, statement);
  return statement;
}

/** The statement's bindings for one request: the EntityManager's own organization where the tenant filter put it. */
export function bindPage(
  statement: PageStatement,
  em: EntityManager,
  values: unknown[],
  limit: number,
  offset: number,
): unknown[] {
  const organizationId = tenantOf(em);
  return statement.slots.map((slot) =>
    slot.kind === 'tenant'
      ? organizationId
      : slot.kind === 'limit'
        ? limit
        : slot.kind === 'offset'
          ? offset
          : values[slot.index],
  );
}
