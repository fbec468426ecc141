import type { JsonSchema } from './graphql-json-schema.js';

/** Looks a `$ref` up in the document's components. */
export type ResolveRef = (ref: string) => JsonSchema | undefined;

/** Values a field's name suggests, for strings with no format (the first match wins). */
const BY_NAME: [RegExp, string][] = [
  [/^(email|from|to|cc|bcc|replyTo|address|sender|recipient)$|Email$/i, 'ada@example.com'],
  [/phone/i, '+14155550123'],
  [/url$|uri$|^endpoint$|website/i, 'https://example.com/hook'],
  [/domain(Name)?$/i, 'example.com'],
  [/(^|[a-z])Id$|^id$/, 'id_01J0EXAMPLE'],
  [/name$/i, 'Example'],
  [/subject|title/i, 'Welcome'],
  [/html/i, '<p>Hello</p>'],
  [/^(text|body|content|message|description|notes)$/i, 'Hello'],
  [/(date|time|At)$/, '2026-01-31T09:00:00Z'],
];

/** Fields an example request shows although the schema does not require them: what a first call sends. */
const CORE_FIELDS =
  /^(from|to|subject|text|html|name|email|title|domain|domainName|url|type|label|body|content|events)$/;

/**
 * An example value for a schema, made by rule (formats, allowed values, bounds, field names), so every operation of
 * the document has an example request and response without one written by hand. Objects carry their required
 * properties; `full` adds every property (responses, whose properties are all present).
 */
export function exampleOf(
  schema: JsonSchema,
  resolve: ResolveRef,
  options: { full: boolean },
  name = '',
  depth = 0,
): unknown {
  if (depth > 8) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target ? exampleOf(target, resolve, options, name, depth + 1) : undefined;
  }
  if ('const' in schema) return schema.const;
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) {
    const branch = branches.find((b) => b.type !== 'null') ?? branches[0]!;
    return exampleOf(branch, resolve, options, name, depth + 1);
  }
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  const kinds = Array.isArray(schema.type)
    ? (schema.type as string[]).filter((t) => t !== 'null')
    : schema.type
      ? [schema.type as string]
      : [];
  const kind = kinds[0] ?? (schema.properties ? 'object' : undefined);
  switch (kind) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return numberExample(schema, kind === 'integer');
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const item = schema.items
        ? exampleOf(schema.items as JsonSchema, resolve, options, singular(name), depth + 1)
        : 'example';
      return Array.from({ length: count }, () => item);
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (!options.full && !required.has(key) && !CORE_FIELDS.test(key)) continue;
        const value = exampleOf(property, resolve, options, key, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    default:
      return name ? 'example' : {};
  }
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

function stringExample(schema: JsonSchema, name: string): string {
  let value: string;
  if (schema.format === 'date-time') value = '2026-01-31T09:00:00Z';
  else if (schema.format === 'email') value = 'ada@example.com';
  else if (schema.format === 'uri') value = 'https://example.com/hook';
  else if (schema.pattern === '^\\+[1-9]\\d{1,14}$') value = '+14155550123';
  else value = BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? 'example';
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    value = patternExample(schema.pattern) ?? value;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  return value;
}

/** Candidates for the patterns the modules use (slugs, hex colours, codes): the first the pattern takes. */
function patternExample(pattern: string): string | undefined {
  const regex = new RegExp(pattern, 'u');
  // Prefixed ids (`^user_[A-Za-z0-9_-]{1,100}$`): the prefix and a plausible tail.
  const prefix = /^\^([a-z]+_)/.exec(pattern)?.[1];
  if (prefix && regex.test(`${prefix}01J0EXAMPLE`)) return `${prefix}01J0EXAMPLE`;
  return [
    'example',
    'example-1',
    '+14155550123',
    'EXAMPLE',
    '#3b82f6',
    '123456',
    'a1',
    'x',
    'pf1',
    'Europe/Berlin',
    'en',
    'US',
    'ABC',
    '2026-01-31',
    '09:00',
  ].find((c) => regex.test(c));
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = min !== undefined && min > 1 ? min : 1;
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
}
