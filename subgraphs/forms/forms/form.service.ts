import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { Form } from '../entities/form.entity.js';
import { FormField } from '../entities/form-field.entity.js';
import { FORM_STATUSES, type FormStatus } from '../entities/form-status.js';
import { formPageMeta, resolveFormPage } from '../shared/form-page.js';
import { slugify, uniqueName } from '../shared/naming.js';
import { validationError } from '../shared/validation-error.js';
import { fieldView } from '../fields/form-field.types.js';
import type { FieldDraft } from '../fields/field-draft.js';
import { MAX_FILE_FIELDS } from '../uploads/upload-rules.js';
import { checkJumpTargets } from '../fields/field-jumps.js';
import { fieldsOf, findForm } from './form-lookup.js';
import { assertTransition } from './form-state.js';
import { settingsToStore, settingsView } from './form-password.js';
import { formDraft } from './form-draft.js';
import { copyFormLogo, storeFormLogo } from './form-logo.store.js';
import { themeView } from './form-logo.js';
import type { CreateFormInput, UpdateFormInput } from './form-input.types.js';
import { formSummary, type FormDetail, type FormList, type FormSummary } from './form.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export interface FormListArgs {
  page?: number | null;
  limit?: number | null;
  status?: string | null;
  search?: string | null;
}

/** Building forms: the management endpoints (fields have their own service). */
export class FormService {
  /** `publicUrl` makes the theme's `logoUrl` absolute, like the form's `url`. */
  constructor(private readonly publicUrl = '') {}

  /** Newest first; ARCHIVED forms only when asked for by status (DELETE is a soft delete). */
  async list(em: EntityManager, args: FormListArgs): Promise<FormList> {
    const page = resolveFormPage(args);
    if (args.status != null && !(FORM_STATUSES as readonly string[]).includes(args.status))
      throw validationError('status', args.status, FORM_STATUSES, 'status must be one of the form states');
    const where: Record<string, unknown> = { status: args.status ?? { $ne: 'ARCHIVED' } };
    if (args.search) {
      if (args.search.length > 200)
        throw validationError('search', args.search.length, 'at most 200 characters', 'search is too long');
      // The search text is matched literally: LIKE wildcards in it are escaped.
      where.title = { $ilike: `%${args.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
    }
    const [forms, total] = await em.findAndCount(Form, where, {
      limit: page.limit,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data: forms.map(formSummary), meta: formPageMeta(page, total) };
  }

  async detail(em: EntityManager, idOrUuid: string): Promise<FormDetail> {
    const form = await findForm(em, idOrUuid);
    return this.detailOf(em, form);
  }

  async create(em: EntityManager, input: CreateFormInput): Promise<FormSummary> {
    const draft = formDraft(input);
    const settings = await settingsToStore(draft.settings ?? {});
    const form = await this.save(em, draft.slug, async (tx) => {
      const slug = draft.slug ?? (await this.freeSlug(tx, slugify(draft.title!, '-', 80) || 'form'));
      const created = tx.create(Form, {
        uuid: randomUUID(),
        organizationId: tenantOf(tx),
        title: draft.title!,
        slug,
        description: draft.description ?? null,
        settings,
        theme: draft.theme ?? {},
      });
      await tx.flush();
      if (draft.logo) await storeFormLogo(tx, created, draft.logo);
      addFields(tx, created.id, draft.fields ?? []);
      return created;
    });
    return formSummary(form);
  }

  /** PUT: only the given keys change. */
  async update(em: EntityManager, idOrUuid: string, input: UpdateFormInput): Promise<FormDetail> {
    const draft = formDraft(input);
    const form = await findForm(em, idOrUuid);
    assertTransition(draft.status === 'CLOSED' ? 'close' : 'edit', form.status);
    const { fields: _fields, logo, ...changes } = draft;
    if (draft.settings) changes.settings = await settingsToStore(draft.settings, form.settings);
    // A replaced theme keeps the stored logo unless the update names one.
    if (changes.theme && form.theme.logo) changes.theme = { ...changes.theme, logo: form.theme.logo };
    await this.save(
      em,
      draft.slug,
      async () => {
        em.assign(form, changes);
        if (logo !== undefined) await storeFormLogo(em, form, logo);
        await em.flush();
        return form;
      },
      form.id,
    );
    return this.detailOf(em, form);
  }

  /** DELETE archives (soft delete); repeating it is harmless. */
  async archive(em: EntityManager, idOrUuid: string): Promise<boolean> {
    const form = await findForm(em, idOrUuid);
    assertTransition('archive', form.status);
    form.status = 'ARCHIVED';
    await em.flush();
    return true;
  }

  async publish(em: EntityManager, idOrUuid: string): Promise<FormSummary> {
    const form = await findForm(em, idOrUuid);
    assertTransition('publish', form.status);
    if (form.status !== 'LIVE') {
      // A form with no field could only ever collect empty submissions.
      const fields = await fieldsOf(em, form.id);
      if (fields.length === 0)
        throw validationError('fields', 0, 'at least one field', 'A form needs a field before it can be published');
      const files = fields.filter((f) => f.type === 'FILE').length;
      if (files > MAX_FILE_FIELDS)
        throw validationError(
          'fields',
          files,
          `at most ${MAX_FILE_FIELDS} FILE fields`,
          `A form takes at most ${MAX_FILE_FIELDS} files per submission (FILE fields)`,
        );
      checkJumpTargets(fields);
      form.status = 'LIVE';
      form.publishedAt = new Date();
      await em.flush();
    }
    return formSummary(form);
  }

  async unpublish(em: EntityManager, idOrUuid: string): Promise<FormSummary> {
    return this.move(em, idOrUuid, 'unpublish', 'PAUSED');
  }

  /** A DRAFT copy with every field, the title suffixed ` (Copy)` and a free slug. */
  async duplicate(em: EntityManager, idOrUuid: string): Promise<FormSummary> {
    const source = await findForm(em, idOrUuid);
    const fields = await fieldsOf(em, source.id);
    const copy = await this.save(em, undefined, async (tx) => {
      const slug = await this.freeSlug(tx, `${source.slug.slice(0, 90)}-copy`);
      const created = tx.create(Form, {
        uuid: randomUUID(),
        organizationId: tenantOf(tx),
        title: `${source.title} (Copy)`,
        slug,
        description: source.description,
        settings: structuredClone(source.settings),
        theme: structuredClone(source.theme),
      });
      await tx.flush();
      await copyFormLogo(tx, source.id, created.id);
      for (const field of fields) {
        tx.create(FormField, {
          formId: created.id,
          organizationId: created.organizationId,
          ref: field.ref,
          type: field.type,
          label: field.label,
          placeholder: field.placeholder,
          required: field.required,
          order: field.order,
          settings: structuredClone(field.settings),
        });
      }
      return created;
    });
    return formSummary(copy);
  }

  private async move(em: EntityManager, idOrUuid: string, action: 'unpublish', to: FormStatus): Promise<FormSummary> {
    const form = await findForm(em, idOrUuid);
    assertTransition(action, form.status);
    form.status = to;
    await em.flush();
    return formSummary(form);
  }

  private async detailOf(em: EntityManager, form: Form): Promise<FormDetail> {
    const fields = await fieldsOf(em, form.id);
    const [counts] = await tenantSql(em).rows<{ views: string; submissions: string }>(
      sql`select (select count(*) from forms.views where organization_id = ${ORG} and form_id = ${form.id}) as views,
              (select count(*) from forms.submissions where organization_id = ${ORG} and form_id = ${form.id} and status = 'complete') as submissions`,
    );
    const views = Number(counts!.views);
    const submissions = Number(counts!.submissions);
    return {
      ...formSummary(form),
      description: form.description,
      settings: settingsView(form.settings),
      theme: themeView(form.theme, form.uuid, this.publicUrl),
      fields: fields.map(fieldView),
      analytics: { views, submissions, completionRate: views > 0 ? Math.min(1, submissions / views) : 0 },
    };
  }

  /** The first of `base`, `base-2`, … that no form of the organization uses. */
  private async freeSlug(em: EntityManager, base: string): Promise<string> {
    const rows = await tenantSql(em).rows<{ slug: string }>(
      sql`select slug from forms.forms where organization_id = ${ORG} and (slug = ${base} or slug like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`} escape '\\')`,
    );
    return uniqueName(base, new Set(rows.map((r) => r.slug)), '-');
  }

  /** Runs the change in a transaction; the unique index settles two requests taking one slug. */
  private async save<T>(
    em: EntityManager,
    slug: string | undefined,
    work: (tx: EntityManager) => Promise<T>,
    selfId?: number,
  ): Promise<T> {
    if (slug !== undefined) {
      const holder = await em.findOne(Form, { slug });
      if (holder && holder.id !== selfId) throw slugTaken(slug, holder.id);
    }
    try {
      return selfId === undefined ? await em.transactional(work) : await work(em);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw slugTaken(slug ?? '(generated)');
      throw error;
    }
  }
}

function slugTaken(slug: string, holderId?: number) {
  return validationError(
    'slug',
    slug,
    'a slug no other form of this organization uses',
    `Another form${holderId ? ` (${holderId})` : ''} already uses the slug "${slug}"`,
  );
}

/** New fields get a readable ref from their label, unique within the form, and follow the given order. */
export function addFields(
  em: EntityManager,
  formId: number,
  drafts: FieldDraft[],
  taken = new Set<string>(),
  nextOrder = 0,
): FormField[] {
  for (const d of drafts) if (d.ref) taken.add(d.ref);
  return drafts.map((draft, i) => {
    const ref = draft.ref ?? uniqueName(slugify(draft.label, '_', 40) || 'field', taken, '_');
    taken.add(ref);
    return em.create(FormField, {
      formId,
      organizationId: tenantOf(em),
      ref,
      type: draft.type,
      label: draft.label,
      placeholder: draft.placeholder,
      required: draft.required,
      order: draft.order ?? nextOrder + i,
      settings: draft.settings,
    });
  });
}
