import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { EmailTemplate } from '../entities/email-template.entity.js';
import { TEMPLATE_ID_PREFIX } from './email-template.types.js';
import { completeTemplate, type TemplateDraft } from './complete-template.js';
import { checkTemplateSyntax } from './check-template-syntax.js';
import type { EmailTemplateList } from './email-template.types.js';

/** Stored templates, as Postmark has them; sending renders them (messages service). */
export class EmailTemplateService {
  async list(em: EntityManager, args: PageArgs): Promise<EmailTemplateList> {
    const page = resolvePage(args);
    const [data, total] = await em.findAndCount(EmailTemplate, {}, { limit: page.count, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } });
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** By id (`tpl_…`) or alias. */
  async get(em: EntityManager, idOrAlias: string): Promise<EmailTemplate> {
    const where = idOrAlias.startsWith(TEMPLATE_ID_PREFIX) ? { id: idOrAlias } : { alias: idOrAlias };
    const template = await em.findOne(EmailTemplate, where);
    if (!template) throw notFound('Email template');
    return template;
  }

  async create(em: EntityManager, draft: TemplateDraft): Promise<EmailTemplate> {
    const fields = completeTemplate(draft);
    checkTemplateSyntax(fields);
    await this.checkAliasFree(em, fields.alias, null);
    const template = em.create(EmailTemplate, { id: newId('tpl'), organizationId: tenantOf(em), ...fields });
    await this.flush(em, fields.alias);
    return template;
  }

  /** Changes only the fields present in `patch`; the result must still be a complete template. */
  async update(em: EntityManager, idOrAlias: string, patch: TemplateDraft): Promise<EmailTemplate> {
    const template = await this.get(em, idOrAlias);
    const current: TemplateDraft = { name: template.name, subject: template.subject, alias: template.alias, htmlBody: template.htmlBody, textBody: template.textBody };
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const fields = completeTemplate({ ...current, ...given });
    checkTemplateSyntax(given);
    if (fields.alias !== template.alias) await this.checkAliasFree(em, fields.alias, template.id);
    em.assign(template, fields);
    await this.flush(em, fields.alias);
    return template;
  }

  async delete(em: EntityManager, idOrAlias: string): Promise<boolean> {
    const template = await this.get(em, idOrAlias);
    await em.remove(template).flush();
    return true;
  }

  private async checkAliasFree(em: EntityManager, alias: string | null, selfId: string | null) {
    if (alias === null) return;
    const holder = await em.findOne(EmailTemplate, { alias });
    if (holder && holder.id !== selfId) throw aliasTaken(alias);
  }

  /** The unique index settles a race between two requests taking the same alias. */
  private async flush(em: EntityManager, alias: string | null) {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && alias !== null) throw aliasTaken(alias);
      throw error;
    }
  }
}

const aliasTaken = (alias: string) =>
  new DomainError('CONFLICT', `Another template already uses the alias "${alias}"`, { field: 'alias', received: alias, expected: 'an alias no other template of this organization uses' });
