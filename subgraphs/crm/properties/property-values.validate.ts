import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import type { PropertyDefinition, PropertyType } from '../entities/property-definition.entity.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const PHONE = /^\+?[0-9 ().-]{3,30}$/;

/** What validating a value needs of its definition. */
type ValueRule = Pick<PropertyDefinition, 'key' | 'type' | 'options' | 'isRequired'>;

/** Active definitions of an entity (CONTACT or COMPANY), keyed by property key; a plain read (every write runs it). */
async function activeDefinitions(em: EntityManager, entity: 'CONTACT' | 'COMPANY'): Promise<Map<string, ValueRule>> {
  const defs = await tenantSql(em).rows<ValueRule>(
    sql`select key, type, options, is_required as "isRequired" from crm.properties where organization_id = ${ORG} and entity = ${entity} and not archived`,
  );
  return new Map(defs.map((d) => [d.key, d]));
}

/** Checks one value against its type; returns the normalised value. */
export function checkValue(def: { key: string; type: PropertyType; options: string[] }, value: unknown): unknown {
  const field = `properties.${def.key}`;
  const fail = (expected: unknown) =>
    invalid(
      field,
      value,
      expected,
      `${field} must be ${typeof expected === 'string' ? expected : `one of ${JSON.stringify(expected)}`}`,
    );
  switch (def.type) {
    case 'TEXT':
    case 'TEXTAREA':
      if (typeof value !== 'string' || value.length > (def.type === 'TEXT' ? 1000 : 65_535))
        throw fail(`a string of at most ${def.type === 'TEXT' ? 1000 : 65535} characters`);
      return value;
    case 'NUMBER':
    case 'CURRENCY':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw fail('a finite number');
      return value;
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw fail('true or false');
      return value;
    case 'DATE':
      if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value)))
        throw fail('a date YYYY-MM-DD');
      return value;
    case 'DATETIME':
      if (typeof value !== 'string' || !DATETIME.test(value) || Number.isNaN(Date.parse(value)))
        throw fail('an ISO 8601 date-time with a zone');
      return new Date(value).toISOString();
    case 'EMAIL':
      if (!isEmailAddress(value)) throw fail('an email address');
      return value.toLowerCase();
    case 'PHONE':
      if (typeof value !== 'string' || !PHONE.test(value)) throw fail('a phone number');
      return value;
    case 'URL':
      if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value) || value.length > 2048)
        throw fail('an http(s) URL');
      return value;
    case 'SELECT':
      if (typeof value !== 'string' || !def.options.includes(value)) throw fail(def.options);
      return value;
    case 'MULTI_SELECT':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !def.options.includes(v)))
        throw fail(def.options);
      return [...new Set(value as string[])];
  }
}

/**
 * Validates custom values against the organization's definitions: unknown keys, types, SELECT options, and
 * (when `full`: a creation) required properties. `null` removes a value, refused for required ones.
 */
export async function validateCustomValues(
  em: EntityManager,
  entity: 'CONTACT' | 'COMPANY',
  values: unknown,
  full: boolean,
): Promise<Record<string, unknown>> {
  if (values === undefined) values = {};
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    throw invalid('properties', values, 'object', 'properties must be an object');
  const defs = await activeDefinitions(em, entity);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    const def = defs.get(key);
    if (!def)
      throw invalid(`properties.${key}`, key, [...defs.keys()], `Unknown ${entity.toLowerCase()} property "${key}"`);
    if (value === null) {
      if (def.isRequired) throw invalid(`properties.${key}`, null, def.type, `properties.${key} is required`);
      out[key] = null;
      continue;
    }
    out[key] = checkValue(def, value);
  }
  if (full) {
    for (const def of defs.values()) {
      if (def.isRequired && (out[def.key] === undefined || out[def.key] === null))
        throw invalid(`properties.${def.key}`, null, def.type, `properties.${def.key} is required`);
    }
  }
  return out;
}
