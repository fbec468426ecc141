import { MAX_CONDITIONS, MAX_DEPTH, type Condition, type Literal, type Node, type Operator } from './cql-ast.js';
import { cqlError } from './cql-error.js';
import { tokenize, type Token } from './cql-lexer.js';

const MAX_LENGTH = 4000;
const SYMBOLS: Record<string, Operator> = { '=': 'eq', '!=': 'neq', '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };
const WORD_OPERATORS = [
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'contains_any',
  'contains_all',
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
] as const;
const LIST_OPERATORS = new Set<Operator>(['in', 'not_in', 'contains_any', 'contains_all']);
const EXPECTED_OPERATOR = [
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'contains',
  'not contains',
  'starts_with',
  'ends_with',
  'in',
  'not in',
  'between',
  'is empty',
  'is not empty',
  'contains_any',
  'contains_all',
];
const KEYWORDS = new Set(['and', 'or', 'not']);

/**
 * Recursive-descent parser of `where` strings:
 *   expr := and (OR and)* ; and := unary (AND unary)* ; unary := NOT unary | '(' expr ')' | condition
 *   condition := field op value | field [NOT] IN '(' value (',' value)* ')' | field IS [NOT] EMPTY
 *              | field BETWEEN value AND value | field (CONTAINS_ANY|CONTAINS_ALL) ('(' list ')' | value)
 * Keywords are case-insensitive; values are quoted strings, numbers, words, true/false or relative dates (-30d).
 */
export function parseWhere(input: string): Node {
  if (typeof input !== 'string' || input.trim() === '')
    throw cqlError('where', 0, 'a condition', input ?? null, 'where is empty');
  if (input.length > MAX_LENGTH)
    throw cqlError('where', MAX_LENGTH, `at most ${MAX_LENGTH} characters`, input.length, 'where is too long');
  const parser = new Parser(tokenize(input));
  const node = parser.expression(0);
  const rest = parser.peek();
  if (rest.kind !== 'end') throw cqlError('where', rest.position, ['AND', 'OR', ')', 'end of input'], rest.text);
  return node;
}

class Parser {
  private index = 0;
  private conditions = 0;

  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    return this.tokens[this.index++]!;
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'word' && token.text.toLowerCase() === word;
  }

  private expectWord(word: string): Token {
    const token = this.next();
    if (!this.isWord(token, word))
      throw cqlError('where', token.position, word.toUpperCase(), token.text || 'end of input');
    return token;
  }

  expression(depth: number): Node {
    if (depth > MAX_DEPTH)
      throw cqlError(
        'where',
        this.peek().position,
        `at most ${MAX_DEPTH} levels of nesting`,
        depth,
        'Too deeply nested',
      );
    const at = this.peek().position;
    const parts = [this.conjunction(depth)];
    while (this.isWord(this.peek(), 'or')) {
      this.next();
      parts.push(this.conjunction(depth));
    }
    return parts.length === 1 ? parts[0]! : { type: 'group', logic: 'OR', conditions: parts, at };
  }

  private conjunction(depth: number): Node {
    const at = this.peek().position;
    const parts = [this.unary(depth)];
    while (this.isWord(this.peek(), 'and')) {
      this.next();
      parts.push(this.unary(depth));
    }
    return parts.length === 1 ? parts[0]! : { type: 'group', logic: 'AND', conditions: parts, at };
  }

  private unary(depth: number): Node {
    const token = this.peek();
    if (this.isWord(token, 'not')) {
      this.next();
      return { type: 'group', logic: 'NOT', conditions: [this.unary(depth + 1)], at: token.position };
    }
    if (token.kind === 'lparen') {
      this.next();
      const inner = this.expression(depth + 1);
      const close = this.next();
      if (close.kind !== 'rparen') throw cqlError('where', close.position, ')', close.text || 'end of input');
      return inner;
    }
    return this.condition();
  }

  private condition(): Condition {
    const fieldToken = this.next();
    if (
      fieldToken.kind !== 'word' ||
      KEYWORDS.has(fieldToken.text.toLowerCase()) ||
      !/^[A-Za-z_][A-Za-z0-9_.]*$/.test(fieldToken.text)
    ) {
      throw cqlError('where', fieldToken.position, 'a field name', fieldToken.text || 'end of input');
    }
    if (++this.conditions > MAX_CONDITIONS)
      throw cqlError(
        'where',
        fieldToken.position,
        `at most ${MAX_CONDITIONS} conditions`,
        this.conditions,
        'Too many conditions',
      );
    const field = fieldToken.text;
    const at = fieldToken.position;
    const opToken = this.next();
    if (opToken.kind === 'op')
      return { type: 'field', field, operator: SYMBOLS[opToken.text]!, value: this.value(), at };
    if (opToken.kind !== 'word')
      throw cqlError('where', opToken.position, EXPECTED_OPERATOR, opToken.text || 'end of input');
    const word = opToken.text.toLowerCase();
    if (word === 'is') {
      const negated = this.isWord(this.peek(), 'not');
      if (negated) this.next();
      this.expectWord('empty');
      return { type: 'field', field, operator: negated ? 'is_not_empty' : 'is_empty', at };
    }
    if (word === 'not') {
      const after = this.next();
      if (this.isWord(after, 'in')) return { type: 'field', field, operator: 'not_in', value: this.list(), at };
      if (this.isWord(after, 'contains'))
        return { type: 'field', field, operator: 'not_contains', value: this.value(), at };
      throw cqlError('where', after.position, ['in', 'contains'], after.text || 'end of input');
    }
    if (word === 'in') return { type: 'field', field, operator: 'in', value: this.list(), at };
    if (word === 'between') {
      const low = this.value();
      this.expectWord('and');
      return { type: 'field', field, operator: 'between', value: [low, this.value()], at };
    }
    if ((WORD_OPERATORS as readonly string[]).includes(word)) {
      const operator = word as Operator;
      if (LIST_OPERATORS.has(operator))
        return {
          type: 'field',
          field,
          operator,
          value: this.peek().kind === 'lparen' ? this.list() : [this.value()],
          at,
        };
      return { type: 'field', field, operator, value: this.value(), at };
    }
    throw cqlError('where', opToken.position, EXPECTED_OPERATOR, opToken.text);
  }

  private list(): Literal[] {
    const open = this.next();
    if (open.kind !== 'lparen') throw cqlError('where', open.position, '(', open.text || 'end of input');
    const values = [this.value()];
    for (;;) {
      const token = this.next();
      if (token.kind === 'rparen') return values;
      if (token.kind !== 'comma') throw cqlError('where', token.position, [',', ')'], token.text || 'end of input');
      if (values.length >= 1000)
        throw cqlError('where', token.position, 'at most 1000 values', values.length, 'Too many values');
      values.push(this.value());
    }
  }

  private value(): Literal {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return token.text;
      case 'number':
        return Number(token.text);
      case 'relative':
        return { relative: token.text };
      case 'word': {
        const lower = token.text.toLowerCase();
        if (lower === 'true' || lower === 'false') return lower === 'true';
        if (KEYWORDS.has(lower)) break;
        return token.text;
      }
      default:
        break;
    }
    throw cqlError(
      'where',
      token.position,
      'a value (quoted string, number, word, true/false or relative date like -30d)',
      token.text || 'end of input',
    );
  }
}
