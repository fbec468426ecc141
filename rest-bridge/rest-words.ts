import { shown } from './body-check.js';
import type { ErrorBody } from './envelopes.js';

const COERCION = /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s;
const MISSING_VARIABLE = /^Variable "\$(\w+)" of (?:required|non-null) type "([^"]+)" was not provided/;
const UNKNOWN_FIELD = /Field "([^"]+)" is not defined by type/;
const MISSING_FIELD = /Field "([^"]+)" of required type "([^"]+)" was not provided/;
const CANNOT_REPRESENT = /^(\w+) cannot represent/;
const EXPECTED_TYPE = /Expected type "([^"]+)"/;
const ENUM_VALUE = /does not exist in "\w+" enum/;

const SCALAR_WORDS: Record<string, string> = {
  String: 'a string',
  ID: 'a string',
  Int: 'an integer',
  Float: 'a number',
  Boolean: 'true or false',
  DateTime: 'a date-time string (ISO 8601 with a time zone, e.g. 2026-01-31T09:00:00Z)',
  DateTimeISO: 'a date-time string (ISO 8601 with a time zone, e.g. 2026-01-31T09:00:00Z)',
  JSON: 'a JSON value',
  JSONObject: 'an object',
};

/** A GraphQL type as a REST caller reads it: `[String!]!` is "a list of: a string", an input type "an object". */
function typeWords(type: string): string {
  const bare = type.replace(/!$/, '');
  if (bare.startsWith('[') && bare.endsWith(']')) return `a list of: ${typeWords(bare.slice(1, -1))}`;
  return SCALAR_WORDS[bare] ?? (/Input$/.test(bare) ? 'an object' : 'one of the documented values');
}

/**
 * GraphQL's own refusal of a wrongly typed variable (the checks the bridge cannot make itself: a scalar's format, a
 * route whose body is spread over several variables), in REST words: the field's JSON path in the body, what was
 * expected, no type names, no suggestions and never the input echoed back.
 */
export function inRestWords(error: ErrorBody, bodyVariables: ReadonlySet<string>): ErrorBody {
  const missingVariable = MISSING_VARIABLE.exec(error.message);
  if (missingVariable) {
    const [, variable, type] = missingVariable;
    const field = bodyVariables.has(variable!) ? 'body' : variable!;
    return {
      code: error.code,
      message: `${field} is required: ${typeWords(type!)}`,
      details: { field, received: null, expected: typeWords(type!) },
    };
  }
  const coercion = COERCION.exec(error.message);
  if (!coercion) return withoutSuggestions(error);
  const [, variable, at, reason] = coercion;
  const inBody = bodyVariables.has(variable!);
  const base = at ? at.split('.').slice(1).join('.') : '';
  const rooted = (name: string) => (inBody ? name : name ? `${variable}.${name}` : variable!);
  const unknown = UNKNOWN_FIELD.exec(reason!);
  if (unknown) {
    const field = rooted(base ? `${base}.${unknown[1]}` : unknown[1]!);
    return {
      code: error.code,
      message: `${field} is not a field of this request`,
      details: { field, received: unknown[1], expected: 'a documented field' },
    };
  }
  const missing = MISSING_FIELD.exec(reason!);
  if (missing) {
    const field = rooted(base ? `${base}.${missing[1]}` : missing[1]!);
    const expected = typeWords(missing[2]!);
    return {
      code: error.code,
      message: `${field} is required: ${expected}`,
      details: { field, received: null, expected },
    };
  }
  const field = rooted(base) || 'body';
  const scalarName = CANNOT_REPRESENT.exec(reason!)?.[1] ?? EXPECTED_TYPE.exec(reason!)?.[1];
  const expected = scalarName
    ? typeWords(scalarName)
    : ENUM_VALUE.test(reason!)
      ? 'one of the documented values'
      : 'a value of the documented type';
  const received = (error.details as { received?: unknown } | undefined)?.received;
  const leaf = field.split(/[.[]/).pop() ?? field;
  return {
    code: error.code,
    message: `${field} must be ${expected}`,
    details: { field, received: shown(received ?? null, leaf), expected },
  };
}

/** Any other refusal keeps its words, without GraphQL's "Did you mean" suggestions (they name internal fields). */
function withoutSuggestions(error: ErrorBody): ErrorBody {
  const cut = error.message.indexOf(' Did you mean');
  return cut < 0 ? error : { ...error, message: error.message.slice(0, cut) };
}
