import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { PROPERTY_ENTITIES, PROPERTY_GROUPS, PROPERTY_TYPES, PropertyDefinition } from '../entities/property-definition.entity.js';
import { COMPANY_SYSTEM_FIELDS, CONTACT_SYSTEM_FIELDS } from '../cql/cql-fields.js';
import { parseNumericId } from '../shared/identifier.js';
import { oneOf } from '../shared/sql-list.js';
import type { PropertyView } from './property.types.js';

const KEY = /^[a-z][a-z0-9_]{0,62}$/;
const ALLOWED = ['key', 'entity', 'label', 'type', 'group', 'description', 'options', 'isRequired'];

function view(d: PropertyDefinition): PropertyView {
  return { id: d.id, key: d.key, entity: d.entity, label: d.label, type: d.type, group: d.group, description: d.description, options: d.options, isRequired: d.isRequired, isSystem: d.isSystem, archived: d.archived };
}

function systemViews(entity: string | undefined): PropertyView[] {
  const make = (e: string, fields: typeof CONTACT_SYSTEM_FIELDS): PropertyView[] => fields.map((f) => ({
    id: null, key: f.name, entity: e, label: f.label, type: f.type === 'ID' ? 'NUMBER' : f.type, group: 'BASIC', description: null, options: f.options ? [...f.options] : [], isRequired: false, isSystem: true, archived: false,
  }));
  return [...(!entity || entity === 'CONTACT' ? make('CONTACT', CONTACT_SYSTEM_FIELDS) : []), ...(!entity || entity === 'COMPANY' ? make('COMPANY', COMPANY_SYSTEM_FIELDS) : [])];
}

function checkOptions(type: string, options: unknown): string[] {
  if (type !== 'SELECT' && type !== 'MULTI_SELECT') {
    if (options !== undefined && !(Array.isArray(options) && options.length === 0)) throw invalid('options', options, 'no options (only SELECT and MULTI_SELECT take them)');
    return [];
  }
  if (!Array.isArray(options) || options.length === 0 || options.length > 500 || options.some((o) => typeof o !== 'string' || o === '' || o.length > 200) || new Set(options).size !== options.length) {
    throw invalid('options', options ?? null, '1 to 500 distinct non-empty strings', `${type} needs options`);
  }
  return options as string[];
}

/** Property definitions: 12 types, groups, required flags; (entity, key) unique; deleting archives and keeps values. */
export class PropertyService {
  async list(em: EntityManager, args: { entity?: string; group?: string; isSystem?: boolean }): Promise<PropertyView[]> {
    const where: Record<string, unknown> = { archived: false };
    if (args.entity) where.entity = oneOf('entity', args.entity, PROPERTY_ENTITIES);
    if (args.group) where.group = oneOf('group', args.group, PROPERTY_GROUPS);
    const custom = args.isSystem === true ? [] : (await em.find(PropertyDefinition, where, { orderBy: { id: 'asc' } })).map(view);
    const system = args.isSystem === false || (args.group && args.group !== 'BASIC') ? [] : systemViews(args.entity);
    return [...system, ...custom];
  }

  async get(em: EntityManager, rawId: string): Promise<PropertyDefinition> {
    const def = await em.findOne(PropertyDefinition, { id: parseNumericId(rawId) });
    if (!def) throw notFound('Property');
    return def;
  }

  async create(em: EntityManager, body: Record<string, unknown>): Promise<PropertyView> {
    for (const key of Object.keys(body)) if (!ALLOWED.includes(key)) throw invalid(key, body[key], ALLOWED, `Unknown field "${key}"`);
    if (typeof body.key !== 'string' || !KEY.test(body.key)) throw invalid('key', body.key ?? null, 'lowercase letters, digits and underscores, starting with a letter (at most 63)');
    const entity = oneOf('entity', body.entity ?? 'CONTACT', PROPERTY_ENTITIES);
    const type = oneOf('type', body.type, PROPERTY_TYPES);
    if (typeof body.label !== 'string' || body.label.trim() === '' || body.label.length > 200) throw invalid('label', body.label ?? null, '1 to 200 characters');
    const system = (entity === 'COMPANY' ? COMPANY_SYSTEM_FIELDS : CONTACT_SYSTEM_FIELDS).some((f) => f.name === body.key);
    if (system) throw new DomainError('PROPERTY_KEY_EXISTS', `${body.key} is a system field of ${entity}`, { field: 'key', received: body.key });
    const def = em.create(PropertyDefinition, {
      organizationId: tenantOf(em), entity, key: body.key, label: body.label, type,
      group: body.group === undefined ? 'CUSTOM' : oneOf('group', body.group, PROPERTY_GROUPS),
      description: this.description(body.description), options: checkOptions(type, body.options), isRequired: this.flag('isRequired', body.isRequired),
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('PROPERTY_KEY_EXISTS', `A ${entity} property with the key ${body.key} exists`, { field: 'key', received: body.key });
      throw error;
    }
    return view(def);
  }

  /** label, description, group, options (SELECT types), isRequired; key, entity and type are fixed. */
  async update(em: EntityManager, rawId: string, body: Record<string, unknown>): Promise<PropertyView> {
    const def = await this.get(em, rawId);
    const editable = ['label', 'description', 'group', 'options', 'isRequired'];
    for (const key of Object.keys(body)) if (!editable.includes(key)) throw invalid(key, body[key], editable, `${key} cannot be changed`);
    if (body.label !== undefined) {
      if (typeof body.label !== 'string' || body.label.trim() === '' || body.label.length > 200) throw invalid('label', body.label, '1 to 200 characters');
      def.label = body.label;
    }
    if (body.description !== undefined) def.description = this.description(body.description);
    if (body.group !== undefined) def.group = oneOf('group', body.group, PROPERTY_GROUPS);
    if (body.options !== undefined) def.options = checkOptions(def.type, body.options);
    if (body.isRequired !== undefined) def.isRequired = this.flag('isRequired', body.isRequired);
    def.updatedAt = new Date();
    await em.flush();
    return view(def);
  }

  async archive(em: EntityManager, rawId: string): Promise<PropertyView> {
    const def = await this.get(em, rawId);
    def.archived = true;
    def.isRequired = false;
    def.updatedAt = new Date();
    await em.flush();
    return view(def);
  }

  private description(value: unknown): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || value.length > 2000) throw invalid('description', value, 'a string of at most 2000 characters');
    return value;
  }

  private flag(field: string, value: unknown): boolean {
    if (value === undefined) return false;
    if (typeof value !== 'boolean') throw invalid(field, value, 'true or false');
    return value;
  }
}
