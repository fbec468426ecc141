import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTACT_STATUSES, LIFECYCLE_STAGES } from '../entities/contact.entity.js';
import { PropertyDefinition, type PropertyType } from '../entities/property-definition.entity.js';
import type { Operator } from './cql-ast.js';

export type FieldType = PropertyType | 'ID';

/** A SQL fragment with its bound values. Fragments are fixed text; values never enter the text. */
export interface Sql {
  sql: string;
  params: unknown[];
}

/** A queryable field: its type decides the allowed operators and how values are read. */
export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  system: boolean;
  /** Scalar expression (text, numeric, boolean, date, timestamptz). */
  expr: Sql;
  /** SELECT / MULTI_SELECT options, when fixed. */
  options?: readonly string[];
  /** Custom property key: equality uses jsonb containment so the GIN index serves it. */
  customKey?: string;
  /** MULTI_SELECT over a relation (tags): fragments for any / all / empty. */
  multi?: { any(values: string[]): Sql; all(values: string[]): Sql; empty(): Sql };
  access: 'read' | 'read_write';
}

const TEXT_OPS: Operator[] = [
  'eq',
  'neq',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'is_empty',
  'is_not_empty',
];
const ORDERED_OPS: Operator[] = [
  'eq',
  'neq',
  'in',
  'not_in',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'is_empty',
  'is_not_empty',
];
const BOOL_OPS: Operator[] = ['eq', 'neq', 'is_empty', 'is_not_empty'];
const SELECT_OPS: Operator[] = ['eq', 'neq', 'in', 'not_in', 'is_empty', 'is_not_empty'];
const MULTI_OPS: Operator[] = ['contains_any', 'contains_all', 'is_empty', 'is_not_empty'];

export function operatorsFor(type: FieldType): Operator[] {
  switch (type) {
    case 'NUMBER':
    case 'CURRENCY':
    case 'DATE':
    case 'DATETIME':
    case 'ID':
      return ORDERED_OPS;
    case 'BOOLEAN':
      return BOOL_OPS;
    case 'SELECT':
      return SELECT_OPS;
    case 'MULTI_SELECT':
      return MULTI_OPS;
    default:
      return TEXT_OPS;
  }
}

const col = (sql: string): Sql => ({ sql, params: [] });
const sys = (name: string, label: string, type: FieldType, sql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type,
  system: true,
  expr: col(sql),
  access: 'read_write',
  ...extra,
});

const placeholders = (values: unknown[]) => values.map(() => '?').join(', ');

const TAGS: FieldDef = sys('tags', 'Tags', 'MULTI_SELECT', 'null', {
  multi: {
    any: (values) => ({
      sql: `exists (select 1 from crm.contact_tags ct join crm.tags t on t.id = ct.tag_id and t.organization_id = ct.organization_id where ct.organization_id = c.organization_id and ct.contact_id = c.id and t.key in (${placeholders(values)}))`,
      params: values,
    }),
    all: (values) => ({
      sql: `(select count(distinct t.key) from crm.contact_tags ct join crm.tags t on t.id = ct.tag_id and t.organization_id = ct.organization_id where ct.organization_id = c.organization_id and ct.contact_id = c.id and t.key in (${placeholders(values)})) = ?`,
      params: [...values, new Set(values).size],
    }),
    empty: () =>
      col(
        'not exists (select 1 from crm.contact_tags ct where ct.organization_id = c.organization_id and ct.contact_id = c.id)',
      ),
  },
  access: 'read',
});

/** Contact system fields (alias `c` is crm.contacts). */
export const CONTACT_SYSTEM_FIELDS: FieldDef[] = [
  sys('id', 'Id', 'ID', 'c.id', { access: 'read' }),
  sys('externalId', 'External id', 'TEXT', 'c.external_id', { access: 'read' }),
  sys('email', 'Email', 'EMAIL', 'c.email'),
  sys('name', 'Name', 'TEXT', 'c.name'),
  sys('givenName', 'Given name', 'TEXT', 'c.given_name'),
  sys('familyName', 'Family name', 'TEXT', 'c.family_name'),
  sys('phone', 'Phone', 'PHONE', 'c.phone'),
  sys('lifecycleStage', 'Lifecycle stage', 'SELECT', 'c.lifecycle_stage', { options: LIFECYCLE_STAGES }),
  sys('status', 'Status', 'SELECT', 'c.status', { options: CONTACT_STATUSES }),
  sys('module', 'Module', 'SELECT', 'c.module', { options: ['CRM', 'SUPPORT', 'INTEGRATION'], access: 'read' }),
  sys('isIdentified', 'Identified (has an email)', 'BOOLEAN', '(c.email is not null)', { access: 'read' }),
  sys('createdAt', 'Created at', 'DATETIME', 'c.created_at', { access: 'read' }),
  sys('updatedAt', 'Updated at', 'DATETIME', 'c.updated_at', { access: 'read' }),
  sys('lastActivityAt', 'Last activity at', 'DATETIME', 'c.last_activity_at', { access: 'read' }),
  TAGS,
];

/** Company system fields (alias `c` is crm.companies). */
export const COMPANY_SYSTEM_FIELDS: FieldDef[] = [
  sys('id', 'Id', 'ID', 'c.id', { access: 'read' }),
  sys('externalId', 'External id', 'TEXT', 'c.external_id', { access: 'read' }),
  sys('name', 'Name', 'TEXT', 'c.name'),
  sys('domain', 'Domain', 'TEXT', 'c.domain'),
  sys('industry', 'Industry', 'TEXT', 'c.industry'),
  sys('size', 'Size', 'TEXT', 'c.size'),
  sys('plan', 'Plan', 'TEXT', 'c.plan'),
  sys('website', 'Website', 'URL', 'c.website'),
  sys('phone', 'Phone', 'PHONE', 'c.phone'),
  sys('status', 'Status', 'SELECT', 'c.status', { options: ['ACTIVE', 'ARCHIVED', 'DELETED'] }),
  sys('createdAt', 'Created at', 'DATETIME', 'c.created_at', { access: 'read' }),
  sys('updatedAt', 'Updated at', 'DATETIME', 'c.updated_at', { access: 'read' }),
];

const CAST: Partial<Record<PropertyType, string>> = {
  NUMBER: '::numeric',
  CURRENCY: '::numeric',
  BOOLEAN: '::boolean',
  DATE: '::date',
  DATETIME: '::timestamptz',
};

/** A custom property as a field: its value read out of the jsonb column, cast to its type. */
export function customField(def: Pick<PropertyDefinition, 'key' | 'label' | 'type' | 'options'>): FieldDef {
  const expr: Sql =
    def.type === 'MULTI_SELECT'
      ? { sql: '(c.properties->?)', params: [def.key] }
      : { sql: `((c.properties->>?)${CAST[def.type] ?? ''})`, params: [def.key] };
  return {
    name: def.key,
    label: def.label,
    type: def.type,
    system: false,
    expr,
    options: def.type === 'SELECT' || def.type === 'MULTI_SELECT' ? def.options : undefined,
    customKey: def.key,
    access: 'read_write',
  };
}

export interface FieldRegistry {
  entity: 'contact' | 'company';
  fields: FieldDef[];
  get(name: string): FieldDef | undefined;
}

/**
 * System fields plus the organization's active custom properties; `properties.<key>` names a custom one explicitly.
 * `withArchived` adds deleted (archived) properties: their values stay on the records, and a stored list filter that
 * names one keeps evaluating.
 */
export async function fieldRegistry(
  em: EntityManager,
  entity: 'contact' | 'company',
  withArchived = false,
): Promise<FieldRegistry> {
  const defs = await em.find(
    PropertyDefinition,
    { entity: entity === 'contact' ? 'CONTACT' : 'COMPANY', ...(withArchived ? {} : { archived: false }) },
    { orderBy: { id: 'asc' } },
  );
  const system = entity === 'contact' ? CONTACT_SYSTEM_FIELDS : COMPANY_SYSTEM_FIELDS;
  const custom = defs.map(customField);
  const byName = new Map<string, FieldDef>();
  for (const f of custom) byName.set(`properties.${f.name}`, f);
  for (const f of custom) if (!byName.has(f.name)) byName.set(f.name, f);
  for (const f of system) byName.set(f.name, f);
  return {
    entity,
    fields: [...system, ...custom.filter((f) => !system.some((s) => s.name === f.name))],
    get: (name) => byName.get(name),
  };
}
