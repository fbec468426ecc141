import type { EntityManager } from '@mikro-orm/postgresql';
import type { Form } from '../entities/form.entity.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { FormLogo } from './form-logo.js';

/**
 * Stores (or with null removes) a form's logo and keeps its reference in the theme, in the caller's transaction.
 * The form must be flushed (it has an id); the caller flushes the theme change.
 */
export async function storeFormLogo(em: EntityManager, form: Form, logo: FormLogo | null): Promise<void> {
  const db = tenantSql(em);
  const { logo: _previous, ...theme } = form.theme;
  if (logo === null) {
    await db.run(sql`delete from forms.form_logos where organization_id = ${ORG} and form_id = ${form.id}`);
    form.theme = theme;
    return;
  }
  await db.run(sql`insert into forms.form_logos (form_id, organization_id, content_type, bytes, digest, updated_at)
    values (${form.id}, ${ORG}, ${logo.contentType}, ${logo.bytes}, ${logo.digest}, now())
    on conflict (form_id) do update set content_type = excluded.content_type, bytes = excluded.bytes, digest = excluded.digest, updated_at = now()`);
  form.theme = { ...theme, logo: { contentType: logo.contentType, digest: logo.digest } };
}

/** A duplicate gets its own copy of the source's logo (the theme it copied points at one). */
export async function copyFormLogo(em: EntityManager, fromFormId: number, toFormId: number): Promise<void> {
  await tenantSql(em)
    .run(sql`insert into forms.form_logos (form_id, organization_id, content_type, bytes, digest, updated_at)
    select ${toFormId}, organization_id, content_type, bytes, digest, now() from forms.form_logos where organization_id = ${ORG} and form_id = ${fromFormId}`);
}

/** A LIVE form's logo for the hosted page, or null. */
export async function readFormLogo(
  em: EntityManager,
  formId: number,
): Promise<{ contentType: string; bytes: Buffer; digest: string } | null> {
  const row = await tenantSql(em).one<{ content_type: string; bytes: Buffer; digest: string }>(
    sql`select content_type, bytes, digest from forms.form_logos where organization_id = ${ORG} and form_id = ${formId}`,
  );
  return row ? { contentType: row.content_type, bytes: row.bytes, digest: row.digest } : null;
}
