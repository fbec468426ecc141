import { MAX_CONDITIONS, MAX_DEPTH, OPERATORS, type Literal, type Node, type Operator } from './cql-ast.js';
import { cqlError } from './cql-error.js';

const NO_VALUE = new Set<Operator>(['is_empty', 'is_not_empty']);
const LIST = new Set<Operator>(['in', 'not_in', 'contains_any', 'contains_all']);
const RELATIVE = /^[+-]\d{1,5}[hdwmy]$/;

function literal(value: unknown, path: string): Literal {
  if (typeof value === 'string') return RELATIVE.test(value) ? { relative: value } : value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return value;
  throw cqlError('filter', path, 'a string, number or boolean', value ?? null);
}

/**
 * The filter object `{logic: AND|OR|NOT, conditions: [{type: 'field', field, operator, value} | {type: 'group', logic,
 * conditions}]}` → the CQL tree. NOT takes exactly one condition. Errors name the JSON path.
 */
export function parseFilter(input: unknown, path = 'filter', depth = 0, counter = { n: 0 }): Node {
  if (depth > MAX_DEPTH)
    throw cqlError('filter', path, `at most ${MAX_DEPTH} levels of nesting`, depth, 'Too deeply nested');
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw cqlError('filter', path, 'an object {logic, conditions}', Array.isArray(input) ? 'array' : (input ?? null));
  const group = input as Record<string, unknown>;
  const logic = group.logic ?? 'AND';
  if (logic !== 'AND' && logic !== 'OR' && logic !== 'NOT')
    throw cqlError('filter', `${path}.logic`, ['AND', 'OR', 'NOT'], logic);
  if (!Array.isArray(group.conditions) || group.conditions.length === 0)
    throw cqlError('filter', `${path}.conditions`, 'a non-empty array', group.conditions ?? null);
  if (logic === 'NOT' && group.conditions.length !== 1)
    throw cqlError('filter', `${path}.conditions`, 'exactly one condition under NOT', group.conditions.length);
  const conditions = group.conditions.map((raw: unknown, i: number): Node => {
    const at = `${path}.conditions[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw cqlError('filter', at, 'a condition object', raw ?? null);
    const c = raw as Record<string, unknown>;
    const type = c.type ?? (Array.isArray(c.conditions) ? 'group' : 'field');
    if (type === 'group') return parseFilter(c, at, depth + 1, counter);
    if (type !== 'field') throw cqlError('filter', `${at}.type`, ['field', 'group'], type);
    if (++counter.n > MAX_CONDITIONS)
      throw cqlError('filter', at, `at most ${MAX_CONDITIONS} conditions`, counter.n, 'Too many conditions');
    if (typeof c.field !== 'string' || !/^[A-Za-z_][A-Za-z0-9_.]{0,99}$/.test(c.field))
      throw cqlError('filter', `${at}.field`, 'a field name', c.field ?? null);
    if (typeof c.operator !== 'string' || !(OPERATORS as readonly string[]).includes(c.operator))
      throw cqlError('filter', `${at}.operator`, OPERATORS, c.operator ?? null);
    const operator = c.operator as Operator;
    if (NO_VALUE.has(operator)) return { type: 'field', field: c.field, operator, at };
    if (operator === 'between') {
      if (!Array.isArray(c.value) || c.value.length !== 2)
        throw cqlError('filter', `${at}.value`, 'an array [low, high]', c.value ?? null);
      return {
        type: 'field',
        field: c.field,
        operator,
        value: [literal(c.value[0], `${at}.value[0]`), literal(c.value[1], `${at}.value[1]`)],
        at,
      };
    }
    if (LIST.has(operator)) {
      const values = Array.isArray(c.value) ? c.value : [c.value];
      if (values.length === 0 || values.length > 1000)
        throw cqlError('filter', `${at}.value`, '1 to 1000 values', values.length);
      return {
        type: 'field',
        field: c.field,
        operator,
        value: values.map((v, j) => literal(v, `${at}.value[${j}]`)),
        at,
      };
    }
    // `eq` with an array is `in` (the API lets `value` be an array).
    if (Array.isArray(c.value) && (operator === 'eq' || operator === 'neq')) {
      if (c.value.length === 0 || c.value.length > 1000)
        throw cqlError('filter', `${at}.value`, '1 to 1000 values', c.value.length);
      return {
        type: 'field',
        field: c.field,
        operator: operator === 'eq' ? 'in' : 'not_in',
        value: c.value.map((v, j) => literal(v, `${at}.value[${j}]`)),
        at,
      };
    }
    return { type: 'field', field: c.field, operator, value: literal(c.value, `${at}.value`), at };
  });
  return { type: 'group', logic, conditions, at: path };
}
