import type { Condition, Literal, Node } from './cql-ast.js';
import { cqlError } from './cql-error.js';
import { operatorsFor, type FieldDef, type FieldRegistry, type Sql } from './cql-fields.js';

type Source = 'where' | 'filter';

const UNIT_MS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** `-30d` from `now`: hours, days, weeks exactly; months and years by the calendar (UTC). */
export function relativeDate(text: string, now: Date): Date {
  const sign = text.startsWith('-') ? -1 : 1;
  const amount = Number(text.slice(1, -1)) * sign;
  const unit = text.slice(-1);
  if (UNIT_MS[unit]) return new Date(now.getTime() + amount * UNIT_MS[unit]!);
  const d = new Date(now);
  if (unit === 'm') d.setUTCMonth(d.getUTCMonth() + amount);
  else d.setUTCFullYear(d.getUTCFullYear() + amount);
  return d;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Compiles a CQL tree to one parameterised boolean SQL expression over alias `c`. Field names resolve through the
 * registry (never into SQL text); every value is a bound parameter, typed by its field.
 */
export function compileCql(node: Node, registry: FieldRegistry, source: Source, now: Date = new Date()): Sql {
  const params: unknown[] = [];
  const sql = compileNode(node, registry, source, now, params);
  return { sql, params };
}

function compileNode(node: Node, registry: FieldRegistry, source: Source, now: Date, params: unknown[]): string {
  if (node.type === 'group') {
    const parts = node.conditions.map((child) => compileNode(child, registry, source, now, params));
    if (node.logic === 'NOT') return `(not ${parts[0]})`;
    return `(${parts.join(node.logic === 'AND' ? ' and ' : ' or ')})`;
  }
  return compileCondition(node, registry, source, now, params);
}

function compileCondition(
  cond: Condition,
  registry: FieldRegistry,
  source: Source,
  now: Date,
  params: unknown[],
): string {
  const field = registry.get(cond.field);
  if (!field) {
    const names = registry.fields.map((f) => f.name);
    throw cqlError(
      source,
      cond.at,
      names.length > 60 ? [...names.slice(0, 60), '…'] : names,
      cond.field,
      `Unknown field "${cond.field}"`,
    );
  }
  const allowed = operatorsFor(field.type);
  if (!allowed.includes(cond.operator))
    throw cqlError(
      source,
      cond.at,
      allowed,
      cond.operator,
      `Operator ${cond.operator} does not apply to ${field.name} (${field.type})`,
    );
  const expr = () => {
    params.push(...field.expr.params);
    return field.expr.sql;
  };
  const bind = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const coerce = (v: Literal) => coerceValue(field, v, cond, source, now);
  const list = () => (cond.value as Literal[]).map(coerce);
  const text =
    field.type !== 'NUMBER' &&
    field.type !== 'CURRENCY' &&
    field.type !== 'ID' &&
    field.type !== 'BOOLEAN' &&
    field.type !== 'DATE' &&
    field.type !== 'DATETIME';

  if (field.type === 'MULTI_SELECT') return compileMulti(field, cond, list, expr, bind, params);
  switch (cond.operator) {
    case 'eq': {
      const value = coerce(cond.value as Literal);
      // Custom scalar equality as jsonb containment: the GIN (jsonb_path_ops) index answers it.
      if (field.customKey && field.type !== 'DATE' && field.type !== 'DATETIME')
        return `c.properties @> ${bind(JSON.stringify({ [field.customKey]: value }))}::jsonb`;
      return `${expr()} = ${bind(value)}`;
    }
    case 'neq':
      return `${expr()} is distinct from ${bind(coerce(cond.value as Literal))}`;
    case 'in': {
      const e = expr();
      return `${e} in (${list().map(bind).join(', ')})`;
    }
    case 'not_in': {
      const e = expr();
      params.push(...field.expr.params);
      return `(${e} is null or ${field.expr.sql} not in (${list().map(bind).join(', ')}))`;
    }
    case 'gt':
      return `${expr()} > ${bind(coerce(cond.value as Literal))}`;
    case 'gte':
      return `${expr()} >= ${bind(coerce(cond.value as Literal))}`;
    case 'lt':
      return `${expr()} < ${bind(coerce(cond.value as Literal))}`;
    case 'lte':
      return `${expr()} <= ${bind(coerce(cond.value as Literal))}`;
    case 'between': {
      const [low, high] = list();
      const e = expr();
      return `${e} between ${bind(low)} and ${bind(high)}`;
    }
    case 'contains':
      return `${expr()} ilike ${bind(`%${escapeLike(String(coerce(cond.value as Literal)))}%`)}`;
    case 'not_contains': {
      const e = expr();
      params.push(...field.expr.params);
      return `(${e} is null or ${field.expr.sql} not ilike ${bind(`%${escapeLike(String(coerce(cond.value as Literal)))}%`)})`;
    }
    case 'starts_with':
      return `${expr()} ilike ${bind(`${escapeLike(String(coerce(cond.value as Literal)))}%`)}`;
    case 'ends_with':
      return `${expr()} ilike ${bind(`%${escapeLike(String(coerce(cond.value as Literal)))}`)}`;
    case 'is_empty': {
      const e = expr();
      if (!text) return `${e} is null`;
      params.push(...field.expr.params);
      return `(${e} is null or ${field.expr.sql} = '')`;
    }
    case 'is_not_empty': {
      const e = expr();
      if (!text) return `${e} is not null`;
      params.push(...field.expr.params);
      return `(${e} is not null and ${field.expr.sql} <> '')`;
    }
    default:
      throw cqlError(source, cond.at, allowed, cond.operator);
  }
}

function compileMulti(
  field: FieldDef,
  cond: Condition,
  list: () => unknown[],
  expr: () => string,
  bind: (v: unknown) => string,
  params: unknown[],
): string {
  const values = cond.operator === 'contains_any' || cond.operator === 'contains_all' ? (list() as string[]) : [];
  if (field.multi) {
    const frag =
      cond.operator === 'contains_any'
        ? field.multi.any(values)
        : cond.operator === 'contains_all'
          ? field.multi.all(values)
          : field.multi.empty();
    params.push(...frag.params);
    return cond.operator === 'is_not_empty' ? `(not ${frag.sql})` : frag.sql;
  }
  switch (cond.operator) {
    case 'contains_any': {
      const e = expr();
      return `jsonb_exists_any(${e}, array[${values.map(bind).join(', ')}]::text[])`;
    }
    case 'contains_all': {
      const e = expr();
      return `jsonb_exists_all(${e}, array[${values.map(bind).join(', ')}]::text[])`;
    }
    case 'is_empty': {
      const e = expr();
      params.push(...field.expr.params);
      return `(${e} is null or jsonb_array_length(${field.expr.sql}) = 0)`;
    }
    default: {
      const e = expr();
      params.push(...field.expr.params);
      return `(${e} is not null and jsonb_array_length(${field.expr.sql}) > 0)`;
    }
  }
}

/** A literal as the field's type, or a 400 that points at the condition and names the expected type. */
function coerceValue(field: FieldDef, value: Literal, cond: Condition, source: Source, now: Date): unknown {
  const fail = (expected: unknown) =>
    cqlError(
      source,
      cond.at,
      expected,
      typeof value === 'object' ? value.relative : value,
      `Value for ${field.name} must be ${Array.isArray(expected) ? `one of ${expected.join(', ')}` : expected}`,
    );
  switch (field.type) {
    case 'NUMBER':
    case 'CURRENCY':
    case 'ID': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
            ? Number(value)
            : NaN;
      if (!Number.isFinite(n)) throw fail('a number');
      if (field.type === 'ID' && !Number.isInteger(n)) throw fail('an integer id');
      return n;
    }
    case 'BOOLEAN':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw fail('true or false');
    case 'DATE':
    case 'DATETIME': {
      if (typeof value === 'object') {
        const d = relativeDate(value.relative, now);
        return field.type === 'DATE' ? d.toISOString().slice(0, 10) : d;
      }
      if (
        typeof value === 'string' &&
        (ISO_DATE.test(value) || ISO_DATETIME.test(value)) &&
        !Number.isNaN(Date.parse(value))
      )
        return field.type === 'DATE' ? value.slice(0, 10) : new Date(value);
      throw fail('an ISO 8601 date or a relative date such as -30d');
    }
    case 'SELECT':
    case 'MULTI_SELECT': {
      if (typeof value !== 'string') throw fail(field.options ?? 'a string');
      if (field.options && field.options.length > 0 && !field.options.includes(value)) throw fail(field.options);
      return value;
    }
    case 'EMAIL':
      if (typeof value === 'object' || typeof value === 'boolean') throw fail('a string');
      return String(value).toLowerCase();
    default:
      if (typeof value === 'object' || typeof value === 'boolean') throw fail('a string');
      return String(value);
  }
}
