/** Built-in redactors: fixed expressions of ours (linear, no nested quantifiers), chosen by name. */
export const REDACTORS: Readonly<Record<string, RegExp>> = {
  email: /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g,
  api_key: /\b(?:sk|gw_sk|pk|rk)[-_][A-Za-z0-9_-]{16,}\b/g,
  card_number: /\b\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{1,7}\b/g,
  phone: /\+\d[\d ().-]{7,18}\d/g,
};

export const REDACTED = '[REDACTED]';

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The redaction of one organization: its chosen built-ins, then its literal strings. Tenants never supply a regular
 * expression (one crafted to backtrack would stall the process); their strings are escaped into one alternation.
 */
export function redactorOf(names: readonly string[], literals: readonly string[]): (text: string) => string {
  const expressions = names.map((n) => REDACTORS[n]).filter((r): r is RegExp => r !== undefined);
  if (literals.length) expressions.push(new RegExp(literals.map(escape).join('|'), 'gi'));
  return (text) => expressions.reduce((out, expression) => out.replace(expression, REDACTED), text);
}
