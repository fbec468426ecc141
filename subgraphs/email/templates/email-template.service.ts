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
import type { EmailTemplateRenderInput, EmailTemplateVariableInput } from './email-template-render.input.js';
import type { EmailTemplateRendering } from './email-template-render.types.js';
import {
  missingVariables,
  renderStoredTemplate,
  sendableTemplate,
  storedTemplateVariables,
} from './stored-template-render.js';

/** Stored templates, as Postmark has them; sending renders them (messages service). */
export class EmailTemplateService {
  async list(em: EntityManager, args: PageArgs): Promise<EmailTemplateList> {
    const page = resolvePage(args);
    const [data, total] = await em.findAndCount(
      EmailTemplate,
      {},
      { limit: page.count, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** By id (`tpl_…`) or alias. */
  async get(em: EntityManager, idOrAlias: string): Promise<EmailTemplate> {
    const where = idOrAlias.startsWith(TEMPLATE_ID_PREFIX) ? { id: idOrAlias } : { alias: idOrAlias };
    const template = await em.findOne(EmailTemplate, where);
    if (!template) throw notFound('Email template');
    return template;
  }

  /** Renders a template as a send would (the same lookup, renderer and errors), storing and sending nothing. */
  async render(
    em: EntityManager,
    idOrAlias: string,
    input: EmailTemplateRenderInput | null,
  ): Promise<EmailTemplateRendering> {
    const template = await sendableTemplate(em, idOrAlias);
    const model = modelOf(input?.variables ?? []);
    const rendered = renderStoredTemplate(template, model);
    const variables = storedTemplateVariables(template);
    return {
      subject: rendered.subject,
      html: rendered.html ?? null,
      text: rendered.text ?? null,
      variables,
      missingVariables: missingVariables(variables, model),
    };
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
    const current: TemplateDraft = {
      name: template.name,
      subject: template.subject,
      alias: template.alias,
      htmlBody: template.htmlBody,
      textBody: template.textBody,
    };
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

/** The templateModel the values stand for: `plan.tier` becomes `{plan: {tier}}`. A name given twice, or both a name and a path below it, is refused. */
function modelOf(variables: EmailTemplateVariableInput[]): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const [i, { name, value }] of variables.entries()) {
    const keys = name.split('.');
    let node = model;
    for (const [depth, key] of keys.entries()) {
      const existing = node[key];
      if (depth === keys.length - 1) {
        if (existing !== undefined) throw clashing(i, name);
        node[key] = value;
      } else {
        if (typeof existing === 'string') throw clashing(i, name);
        node = (node[key] ??= {}) as Record<string, unknown>;
      }
    }
  }
  return model;
}

const clashing = (index: number, name: string) =>
  new DomainError('INVALID_REQUEST', `Variable ${name} is given twice, or beside a path below or above it`, {
    field: `variables[${index}].name`,
    received: name,
    expected: 'each variable once, never both a name and a path below it',
  });

const aliasTaken = (alias: string) =>
  new DomainError('CONFLICT', `Another template already uses the alias "${alias}"`, {
    field: 'alias',
    received: alias,
    expected: 'an alias no other template of this organization uses',
  });
