import type { JsonSchema } from './body-schema.js';

/** What is wrong with a body, in the caller's words: the JSON path of the value, what came, what was expected. */
export interface BodyProblem {
  /** JSON path in the caller's body: `to[1]`, `fields[2].label`. */
  field: string;
  /** The value when it is short and not secret, else its kind (`object`, `array(3)`, `string(120 characters)`); the name of an unknown field; null when missing. */
  received: unknown;
  /** In plain words: `a string`, `one of: queued, sent`. */
  expected: string;
  message: string;
}

type Resolve = (ref: string) => JsonSchema;

/** Names whose values are never repeated back. */
const SECRET = /pass(word|phrase)?$|secret|token$|credential|^otp$|^code$|^(api|private|signing)?key$/i;

/** A module's own `received` as a REST answer may carry it: a secret's kind only, an object never whole. */
export function redacted(value: unknown, name: string): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (SECRET.test(name))
    return Array.isArray(value)
      ? `array(${value.length})`
      : isObject(value)
        ? 'object'
        : typeof value === 'string'
          ? `string(${value.length} characters)`
          : jsonKind(value);
  return isObject(value) ? 'object' : value;
}

/**
 * Checks a JSON body against the route's body schema (body-schema.ts) and answers the first problem, or null.
 * Only the schema subset that schema produces is understood: type, enum, properties/required/additionalProperties,
 * items, oneOf/anyOf, minimum/maximum, $ref.
 */
export function checkBody(schema: JsonSchema, body: unknown, resolve: Resolve): BodyProblem | null {
  return check(schema, body, '', '', resolve);
}

function check(schema: JsonSchema, value: unknown, path: string, name: string, resolve: Resolve): BodyProblem | null {
  if (typeof schema.$ref === 'string') return check(resolve(schema.$ref), value, path, name, resolve);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) {
    // The branch of the value's own kind explains a problem best (`to[1]` inside a list rather than "a string or a list").
    const fitting = branches.filter((b) => kindFits(b, value, resolve));
    for (const branch of fitting) if (!check(branch, value, path, name, resolve)) return null;
    if (fitting.length > 0) return check(fitting[0]!, value, path, name, resolve);
    return mismatch(schema, value, path, name, resolve);
  }
  if (!kindFits(schema, value, resolve)) return mismatch(schema, value, path, name, resolve);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return mismatch(schema, value, path, name, resolve);
  if (typeof value === 'number') {
    if (
      (typeof schema.minimum === 'number' && value < schema.minimum) ||
      (typeof schema.maximum === 'number' && value > schema.maximum)
    ) {
      return mismatch(schema, value, path, name, resolve);
    }
  }
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const problem = check(schema.items as JsonSchema, value[i], `${path}[${i}]`, name, resolve);
      if (problem) return problem;
    }
  }
  if (isObject(value) && schema.properties) {
    const properties = schema.properties as Record<string, JsonSchema>;
    for (const key of Object.keys(value)) {
      if (schema.additionalProperties === false && !(key in properties)) {
        const field = join(path, key);
        const known = Object.keys(properties);
        return {
          field,
          received: key,
          expected: `one of the fields ${known.join(', ')}`,
          message: `${field} is not a field of this request${path ? ` (at ${path})` : ''}; the fields are ${known.join(', ')}`,
        };
      }
    }
    // What was sent is checked before what is missing: a caller fixing one answer at a time gets there in order.
    for (const [key, inner] of Object.entries(value)) {
      if (inner === undefined) continue;
      const problem = check(properties[key] ?? {}, inner, join(path, key), key, resolve);
      if (problem) return problem;
    }
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (value[key] === undefined) {
        const field = join(path, key);
        const expected = describe(properties[key] ?? {}, resolve);
        return { field, received: null, expected, message: `${field} is required: ${expected}` };
      }
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function types(schema: JsonSchema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
}

/** Whether the value is of a JSON kind the schema allows (ignoring enum, ranges and contents). */
function kindFits(schema: JsonSchema, value: unknown, resolve: Resolve): boolean {
  if (typeof schema.$ref === 'string') return kindFits(resolve(schema.$ref), value, resolve);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) return branches.some((b) => kindFits(b, value, resolve));
  if ('const' in schema) return schema.const === value;
  const allowed = types(schema);
  if (!allowed) return true;
  const kind = jsonKind(value);
  return allowed.includes(kind) || (kind === 'integer' && allowed.includes('number'));
}

function mismatch(schema: JsonSchema, value: unknown, path: string, name: string, resolve: Resolve): BodyProblem {
  const expected = describe(schema, resolve);
  const field = path || 'body';
  return { field, received: shown(value, name), expected, message: `${field} must be ${expected}` };
}

/** The value as it may be repeated back: short plain values only, never a secret or a whole object. */
export function shown(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return `array(${value.length})`;
  if (isObject(value)) return 'object';
  if (typeof value === 'string')
    return value.length > 64 || SECRET.test(name) ? `string(${value.length} characters)` : value;
  if (value !== null && value !== undefined && SECRET.test(name)) return jsonKind(value);
  return value;
}

const KIND_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** A schema in plain words: `a string`, `an integer from 1 to 100`, `a list of: a string`, `one of: a, b`. */
export function describe(schema: JsonSchema, resolve: Resolve, depth = 0): string {
  if (typeof schema.$ref === 'string')
    return depth > 2 ? 'an object' : describe(resolve(schema.$ref), resolve, depth + 1);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) return [...new Set(branches.map((b) => describe(b, resolve, depth + 1)))].join(', or ');
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null);
    return `one of: ${values.join(', ')}${values.length < schema.enum.length ? ', or null' : ''}`;
  }
  const allowed = types(schema);
  if (!allowed) return 'any JSON value';
  return allowed
    .map((kind) => {
      if (kind === 'array')
        return schema.items ? `a list of: ${describe(schema.items as JsonSchema, resolve, depth + 1)}` : 'a list';
      if (kind === 'integer' || kind === 'number') return `${KIND_WORDS[kind]}${range(schema)}`;
      if (kind === 'string' && schema.format === 'date-time')
        return 'a date-time string (ISO 8601 with a time zone, e.g. 2026-01-31T09:00:00Z)';
      return KIND_WORDS[kind] ?? kind;
    })
    .join(', or ');
}

function range(schema: JsonSchema): string {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  // GraphQL's own Int bounds are not worth a caller's attention: a number that large is refused anyway.
  const plain = (n: number | undefined) => n !== undefined && Math.abs(n) < 2147483647;
  if (plain(min) && plain(max)) return ` from ${min} to ${max}`;
  if (plain(min)) return ` of at least ${min}`;
  if (plain(max)) return ` of at most ${max}`;
  return '';
}
