import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import type { CrmTagContactInput, CrmTagInput, UpdateCrmTagInput } from './tag-input.types.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { Tag } from '../entities/tag.entity.js';
import { parseNumericId } from '../shared/identifier.js';
import { liveContact } from '../contacts/contact-lookup.js';
import type { TagView } from './tag.types.js';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import { afterContactsChanged } from '../lists/list-triggers.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const view = (t: Tag): TagView => ({
  id: t.id,
  key: t.key,
  name: t.name,
  description: t.description,
  color: t.color,
  createdAt: t.createdAt,
});

/** Tags and contact tagging; tagging re-evaluates the dynamic lists that filter on `tags`. */
export class TagService {
  constructor(private readonly jobs: Jobs) {}

  list(em: EntityManager): Promise<TagView[]> {
    return em.find(Tag, {}, { orderBy: { key: 'asc' } }).then((tags) => tags.map(view));
  }

  async get(em: EntityManager, rawId: string | number): Promise<Tag> {
    const tag = await em.findOne(Tag, { id: parseNumericId(rawId, 'tagId') });
    if (!tag) throw notFound('Tag');
    return tag;
  }

  async create(em: EntityManager, body: CrmTagInput): Promise<TagView> {
    const key = body.key!;
    const tag = em.create(Tag, {
      organizationId: tenantOf(em),
      key,
      name: body.name ?? key,
      description: body.description ?? null,
      color: body.color ?? null,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('TAG_KEY_EXISTS', `A tag with the key ${key} exists`, { field: 'key', received: key });
      throw error;
    }
    return view(tag);
  }

  /** PATCH: name, color (and description); the key is fixed. */
  async update(em: EntityManager, rawId: string, body: UpdateCrmTagInput): Promise<TagView> {
    const tag = await this.get(em, rawId);
    if (body.name != null) tag.name = body.name;
    if (body.color !== undefined) tag.color = body.color;
    if (body.description !== undefined) tag.description = body.description;
    tag.updatedAt = new Date();
    await em.flush();
    return view(tag);
  }

  async remove(em: EntityManager, rawId: string): Promise<boolean> {
    const tag = await this.get(em, rawId);
    await em.transactional(async (tx) => {
      await tenantSql(tx).run(sql`delete from crm.tags where organization_id = ${ORG} and id = ${tag.id}`);
      await afterContactsChanged(tx, this.jobs, tenantOf(tx), ['tags']);
    });
    return true;
  }

  async tagContact(em: EntityManager, contactId: string, body: CrmTagContactInput): Promise<TagView[]> {
    const contact = await liveContact(em, contactId);
    const tag = await this.get(em, body.tagId!);
    await em.transactional(async (tx) => {
      await tenantSql(tx).run(
        sql`insert into crm.contact_tags (organization_id, contact_id, tag_id, created_at) values (${ORG}, ${contact.id}, ${tag.id}, now()) on conflict do nothing`,
      );
      await afterContactsChanged(tx, this.jobs, tenantOf(tx), ['tags']);
    });
    return this.ofContact(em, contact.id);
  }

  async untagContact(em: EntityManager, contactId: string, tagId: string): Promise<TagView[]> {
    const contact = await liveContact(em, contactId);
    const tag = await this.get(em, tagId);
    await em.transactional(async (tx) => {
      await tenantSql(tx).run(
        sql`delete from crm.contact_tags where organization_id = ${ORG} and contact_id = ${contact.id} and tag_id = ${tag.id}`,
      );
      await afterContactsChanged(tx, this.jobs, tenantOf(tx), ['tags']);
    });
    return this.ofContact(em, contact.id);
  }

  async ofContact(em: EntityManager, contactId: string): Promise<TagView[]> {
    const rows = await tenantSql(em)
      .rows<TagView>(sql`select t.id, t.key, t.name, t.description, t.color, t.created_at as "createdAt" from crm.contact_tags ct join crm.tags t on t.id = ct.tag_id and t.organization_id = ct.organization_id
       where ct.organization_id = ${ORG} and ct.contact_id = ${contactId} order by t.key`);
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
  }
}
