import { cqlError } from './cql-error.js';

export type TokenKind = 'word' | 'string' | 'number' | 'relative' | 'op' | 'lparen' | 'rparen' | 'comma' | 'end';

export interface Token {
  kind: TokenKind;
  /** Text of the token (a string token's unquoted, unescaped content). */
  text: string;
  position: number;
}

const RELATIVE = /^[+-]\d{1,5}[hdwmy]$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const WORD_CHAR = /[A-Za-z0-9_.@+\-:]/;

/** Splits a `where` string into tokens; positions are 0-based character offsets. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === '(') {
      tokens.push({ kind: 'lparen', text: ch, position: i++ });
      continue;
    }
    if (ch === ')') {
      tokens.push({ kind: 'rparen', text: ch, position: i++ });
      continue;
    }
    if (ch === ',') {
      tokens.push({ kind: 'comma', text: ch, position: i++ });
      continue;
    }
    if (ch === '"' || ch === "'") {
      let text = '';
      i++;
      for (;;) {
        if (i >= input.length) throw cqlError('where', start, `closing ${ch}`, 'end of input', 'Unterminated string');
        const c = input[i]!;
        if (c === '\\' && i + 1 < input.length) {
          text += input[i + 1];
          i += 2;
          continue;
        }
        if (c === ch) {
          i++;
          break;
        }
        text += c;
        i++;
      }
      tokens.push({ kind: 'string', text, position: start });
      continue;
    }
    const two = input.slice(i, i + 2);
    if (two === '!=' || two === '<=' || two === '>=' || two === '<>') {
      tokens.push({ kind: 'op', text: two === '<>' ? '!=' : two, position: i });
      i += 2;
      continue;
    }
    if (ch === '=' || ch === '<' || ch === '>') {
      tokens.push({ kind: 'op', text: ch, position: i++ });
      continue;
    }
    if (WORD_CHAR.test(ch)) {
      while (i < input.length && WORD_CHAR.test(input[i]!)) i++;
      const text = input.slice(start, i);
      const kind: TokenKind = RELATIVE.test(text) ? 'relative' : NUMBER.test(text) ? 'number' : 'word';
      tokens.push({ kind, text, position: start });
      continue;
    }
    throw cqlError('where', i, ['a field, an operator, a value, "(" or ")"'], ch, `Unexpected character "${ch}"`);
  }
  tokens.push({ kind: 'end', text: '', position: input.length });
  return tokens;
}
