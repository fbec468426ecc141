import type { EntityManager } from '@mikro-orm/postgresql';
import { crossTenantSql, ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** A stored upload without its bytes. */
export interface UploadRow {
  id: string;
  field_ref: string;
  file_name: string;
  content_type: string;
  size: number;
  submission_id: string | null;
}

export interface NewUpload {
  id: string;
  formId: number;
  fieldRef: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
}

/** Stores a file; the bytes travel as a bind parameter (inlined, 10 MB would be escaped, copied and lexed). */
export async function insertUpload(em: EntityManager, u: NewUpload): Promise<void> {
  await tenantSql(em)
    .rowsBound(sql`insert into forms.uploads (id, organization_id, form_id, field_ref, file_name, content_type, size, bytes, created_at)
    values (${u.id}, ${ORG}, ${u.formId}, ${u.fieldRef}, ${u.fileName}, ${u.contentType}, ${u.bytes.length}, ${u.bytes}, ${u.createdAt}) returning id`);
}

/** A file with its bytes, by its form and id, in the caller's organization only. */
export async function readUpload(
  em: EntityManager,
  formId: number,
  id: string,
): Promise<(UploadRow & { bytes: Buffer }) | null> {
  const [row] = await tenantSql(em).rowsBound<
    UploadRow & { bytes: Buffer }
  >(sql`select id, field_ref, file_name, content_type, size, submission_id, bytes
    from forms.uploads where organization_id = ${ORG} and form_id = ${formId} and id = ${id}`);
  return row ?? null;
}

/**
 * Uploads of a form by id, without bytes. `lock`: rows are locked (the caller's transaction) so the submission that
 * takes them is the only one, and the sweep cannot delete them meanwhile.
 */
export async function findUploads(
  em: EntityManager,
  formId: number,
  ids: string[],
  lock = false,
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return tenantSql(em)
    .rowsBound<UploadRow>(sql`select id, field_ref, file_name, content_type, size, submission_id from forms.uploads
    where organization_id = ${ORG} and form_id = ${formId} and id = any(${ids}::text[])${lock ? sql` for update` : sql``}`);
}

/** Links uploads to the completed submission that holds them (they are no longer orphans). */
export async function attachUploads(em: EntityManager, submissionId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tenantSql(em).rowsBound(
    sql`update forms.uploads set submission_id = ${submissionId} where organization_id = ${ORG} and id = any(${ids}::text[]) returning id`,
  );
}

const WHY = 'upload sweep: deletes uploads of every organization that no submission took within their time';

/** Deletes uploads no completed submission holds, created before `cutoff`; a batch at a time. Returns how many. */
export async function deleteOrphanUploads(root: EntityManager, cutoff: Date, batch = 500): Promise<number> {
  const db = crossTenantSql(root, WHY);
  let deleted = 0;
  for (;;) {
    const rows = await db.rowsBound<{ id: string }>(sql`delete from forms.uploads where id in (
      select id from forms.uploads where submission_id is null and created_at < ${cutoff} order by created_at limit ${batch} for update skip locked) returning id`);
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
