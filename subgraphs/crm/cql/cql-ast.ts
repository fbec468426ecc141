/** CQL, the CRM query language: one canonical tree for both the `where` string and the filter object. */
export const OPERATORS = [
  'eq',
  'neq',
  'in',
  'not_in',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'is_empty',
  'is_not_empty',
  'contains_any',
  'contains_all',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** A literal as written: strings keep their quotes' meaning, numbers and booleans their type, relative dates their unit. */
export type Literal = string | number | boolean | { relative: string };

export interface Condition {
  type: 'field';
  field: string;
  operator: Operator;
  /** One literal, a list (in, not_in, contains_any, contains_all) or a pair (between); absent for is_empty/is_not_empty. */
  value?: Literal | Literal[];
  /** Where the condition was written: a character offset in a `where` string, or a JSON path in a filter object. */
  at: string | number;
}

export interface Group {
  type: 'group';
  logic: 'AND' | 'OR' | 'NOT';
  conditions: Node[];
  at: string | number;
}

export type Node = Condition | Group;

export const MAX_DEPTH = 10;
export const MAX_CONDITIONS = 100;
