import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { SmsCustomTemplate } from '../entities/sms-template.entity.js';
import { checkSmsTemplate, templateVariables } from '../sending/template-render.js';
import { invalidTemplate, TemplateError } from '../../../platform/templates/template-error.js';
import { SmsSettingsService } from '../settings/sms-settings.service.js';
import { POOL_TEMPLATES, poolTemplateByAlias, type PoolTemplate } from './pool-templates.js';
import type { SmsTemplateInput, SmsTemplateList, SmsTemplateView } from './sms-template.types.js';

const ALIAS = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const MAX_BODY = 1600;

/** The pool (read-only, approval per organization) and the organization's custom templates (by alias). */
export class SmsTemplateService {
  private readonly settings = new SmsSettingsService();

  /** Pool templates first (by id), then custom ones (oldest first), paginated together. */
  async list(em: EntityManager, args: PageArgs): Promise<SmsTemplateList> {
    const page = resolvePage(args);
    const settings = await this.settings.requireEnabled(em);
    const pool = POOL_TEMPLATES.map((t) =>
      poolView(t, t.approvedByDefault || settings.approvedPoolTemplateIds.includes(t.id)),
    );
    const customOffset = Math.max(0, page.offset - pool.length);
    const customCount = Math.max(0, page.count - Math.max(0, pool.length - page.offset));
    const [custom, customTotal] = await em.findAndCount(
      SmsCustomTemplate,
      {},
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: Math.max(customCount, 1), offset: customOffset },
    );
    const data = [
      ...pool.slice(page.offset, page.offset + page.count),
      ...(customCount > 0 ? custom.map(customView) : []),
    ];
    return { data, meta: offsetMeta(page, data.length, pool.length + customTotal) };
  }

  async get(em: EntityManager, alias: string): Promise<SmsTemplateView> {
    const settings = await this.settings.requireEnabled(em);
    const pool = /^\d+$/.test(alias) ? POOL_TEMPLATES.find((t) => t.id === Number(alias)) : poolTemplateByAlias(alias);
    if (pool) return poolView(pool, pool.approvedByDefault || settings.approvedPoolTemplateIds.includes(pool.id));
    return customView(await this.findCustom(em, alias));
  }

  async create(em: EntityManager, input: SmsTemplateInput): Promise<SmsTemplateView> {
    await this.settings.requireEnabled(em);
    const alias = checkAlias(input.alias);
    const template = em.create(SmsCustomTemplate, {
      id: newId('smstpl'),
      organizationId: tenantOf(em),
      alias,
      name: checkName(input.name),
      body: checkBody(input.body),
    });
    await flushUnique(em, alias);
    return customView(template);
  }

  async update(em: EntityManager, alias: string, input: SmsTemplateInput): Promise<SmsTemplateView> {
    await this.settings.requireEnabled(em);
    if (poolTemplateByAlias(alias)) throw new DomainError('FORBIDDEN', 'Pool templates cannot be changed');
    const template = await this.findCustom(em, alias);
    if (input.alias != null) template.alias = checkAlias(input.alias);
    if (input.name != null) template.name = checkName(input.name);
    if (input.body != null) template.body = checkBody(input.body);
    await flushUnique(em, template.alias);
    return customView(template);
  }

  async delete(em: EntityManager, alias: string): Promise<boolean> {
    await this.settings.requireEnabled(em);
    if (poolTemplateByAlias(alias)) throw new DomainError('FORBIDDEN', 'Pool templates cannot be deleted');
    await em.remove(await this.findCustom(em, alias)).flush();
    return true;
  }

  private async findCustom(em: EntityManager, alias: string): Promise<SmsCustomTemplate> {
    const template = await em.findOne(SmsCustomTemplate, { alias });
    if (!template) throw new DomainError('TEMPLATE_NOT_FOUND', `SMS template ${alias} not found`);
    return template;
  }
}

async function flushUnique(em: EntityManager, alias: string) {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new DomainError('CONFLICT', `A template with alias ${alias} exists`, {
        field: 'alias',
        received: alias,
        expected: 'an unused alias',
      });
    throw error;
  }
}

function checkAlias(alias: string | undefined): string {
  if (typeof alias !== 'string' || !ALIAS.test(alias)) {
    throw new DomainError('INVALID_REQUEST', 'alias must be 1 to 64 lower-case letters, digits, - or _', {
      field: 'alias',
      received: alias ?? null,
      expected: ALIAS.source,
    });
  }
  // Pool aliases resolve first when sending, so a custom one with the same name would never be used.
  if (poolTemplateByAlias(alias))
    throw new DomainError('CONFLICT', `${alias} is a pool template alias`, {
      field: 'alias',
      received: alias,
      expected: 'an alias not used by the pool',
    });
  return alias;
}

function checkName(name: string | undefined): string {
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200)
    throw new DomainError('INVALID_REQUEST', 'name is required (at most 200 characters)', {
      field: 'name',
      received: name ?? null,
      expected: '1..200 characters',
    });
  return name;
}

function checkBody(body: string | undefined): string {
  if (typeof body !== 'string' || body === '' || body.length > MAX_BODY)
    throw new DomainError('INVALID_REQUEST', `body is required (at most ${MAX_BODY} characters)`, {
      field: 'body',
      received: body == null ? null : body.length,
      expected: `1..${MAX_BODY} characters`,
    });
  try {
    checkSmsTemplate(body);
  } catch (error) {
    if (error instanceof TemplateError) throw invalidTemplate(error, body);
    throw error;
  }
  return body;
}

function poolView(t: PoolTemplate, approved: boolean): SmsTemplateView {
  return {
    templateId: t.id,
    id: null,
    alias: t.alias,
    name: t.name,
    body: t.body,
    type: 'POOL',
    approved,
    variables: templateVariables(t.body),
  };
}

function customView(t: SmsCustomTemplate): SmsTemplateView {
  return {
    templateId: null,
    id: t.id,
    alias: t.alias,
    name: t.name,
    body: t.body,
    type: 'CUSTOM',
    approved: true,
    variables: templateVariables(t.body),
  };
}
