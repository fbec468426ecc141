import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import {
  PROPERTY_ENTITIES,
  PROPERTY_GROUPS,
  PropertyDefinition,
  type PropertyType,
} from '../entities/property-definition.entity.js';
import { COMPANY_SYSTEM_FIELDS, CONTACT_SYSTEM_FIELDS } from '../cql/cql-fields.js';
import { parseNumericId } from '../shared/identifier.js';
import { oneOf } from '../shared/sql-list.js';
import type { PropertyView } from './property.types.js';
import type { CrmPropertyInput, UpdateCrmPropertyInput } from './property-input.types.js';

function view(d: PropertyDefinition): PropertyView {
  return {
    id: d.id,
    key: d.key,
    entity: d.entity,
    label: d.label,
    type: d.type,
    group: d.group,
    description: d.description,
    options: d.options,
    isRequired: d.isRequired,
    isSystem: d.isSystem,
    archived: d.archived,
  };
}

function systemViews(entity: string | undefined): PropertyView[] {
  const make = (e: string, fields: typeof CONTACT_SYSTEM_FIELDS): PropertyView[] =>
    fields.map((f) => ({
      id: null,
      key: f.name,
      entity: e,
      label: f.label,
      type: f.type === 'ID' ? 'NUMBER' : f.type,
      group: 'BASIC',
      description: null,
      options: f.options ? [...f.options] : [],
      isRequired: false,
      isSystem: true,
      archived: false,
    }));
  return [
    ...(!entity || entity === 'CONTACT' ? make('CONTACT', CONTACT_SYSTEM_FIELDS) : []),
    ...(!entity || entity === 'COMPANY' ? make('COMPANY', COMPANY_SYSTEM_FIELDS) : []),
  ];
}

/** Options belong to the SELECT types only: a rule across two fields, so it stays here. */
function checkOptions(type: string, options: unknown): string[] {
  if (type !== 'SELECT' && type !== 'MULTI_SELECT') {
    if (options !== undefined && !(Array.isArray(options) && options.length === 0))
      throw invalid('options', options, 'no options (only SELECT and MULTI_SELECT take them)');
    return [];
  }
  if (
    !Array.isArray(options) ||
    options.length === 0 ||
    options.length > 500 ||
    options.some((o) => typeof o !== 'string' || o === '' || o.length > 200) ||
    new Set(options).size !== options.length
  ) {
    throw invalid('options', options ?? null, '1 to 500 distinct non-empty strings', `${type} needs options`);
  }
  return options as string[];
}

/** Property definitions: 12 types, groups, required flags; (entity, key) unique; deleting archives and keeps values. */
export class PropertyService {
  async list(
    em: EntityManager,
    args: { entity?: string; group?: string; isSystem?: boolean },
  ): Promise<PropertyView[]> {
    const where: Record<string, unknown> = { archived: false };
    if (args.entity) where.entity = oneOf('entity', args.entity, PROPERTY_ENTITIES);
    if (args.group) where.group = oneOf('group', args.group, PROPERTY_GROUPS);
    const custom =
      args.isSystem === true ? [] : (await em.find(PropertyDefinition, where, { orderBy: { id: 'asc' } })).map(view);
    const system = args.isSystem === false || (args.group && args.group !== 'BASIC') ? [] : systemViews(args.entity);
    return [...system, ...custom];
  }

  async get(em: EntityManager, rawId: string): Promise<PropertyDefinition> {
    const def = await em.findOne(PropertyDefinition, { id: parseNumericId(rawId) });
    if (!def) throw notFound('Property');
    return def;
  }

  async create(em: EntityManager, body: CrmPropertyInput): Promise<PropertyView> {
    const entity = (body.entity ?? 'CONTACT') as PropertyDefinition['entity'];
    const type = body.type as PropertyType;
    const system = (entity === 'COMPANY' ? COMPANY_SYSTEM_FIELDS : CONTACT_SYSTEM_FIELDS).some(
      (f) => f.name === body.key,
    );
    if (system)
      throw new DomainError('PROPERTY_KEY_EXISTS', `${body.key} is a system field of ${entity}`, {
        field: 'key',
        received: body.key,
      });
    const def = em.create(PropertyDefinition, {
      organizationId: tenantOf(em),
      entity,
      key: body.key!,
      label: body.label!,
      type,
      group: (body.group ?? 'CUSTOM') as PropertyDefinition['group'],
      description: body.description ?? null,
      options: checkOptions(type, body.options ?? undefined),
      isRequired: body.isRequired ?? false,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('PROPERTY_KEY_EXISTS', `A ${entity} property with the key ${body.key} exists`, {
          field: 'key',
          received: body.key,
        });
      throw error;
    }
    return view(def);
  }

  /** label, description, group, options (SELECT types), isRequired; key, entity and type are fixed. */
  async update(em: EntityManager, rawId: string, body: UpdateCrmPropertyInput): Promise<PropertyView> {
    const def = await this.get(em, rawId);
    if (body.label != null) def.label = body.label;
    if (body.description !== undefined) def.description = body.description;
    if (body.group != null) def.group = body.group as PropertyDefinition['group'];
    if (body.options !== undefined) def.options = checkOptions(def.type, body.options);
    if (body.isRequired !== undefined) def.isRequired = body.isRequired ?? false;
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
}
