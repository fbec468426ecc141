import type { EntityManager } from '@mikro-orm/postgresql';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export const EVALUATE_LIST_JOB = 'crm.evaluate-list';

/** Contact changes within this window share one re-evaluation of a list. */
export const REEVALUATION_DELAY_MS = 2_000;

export interface EvaluateListData {
  organizationId: string;
  listId: number;
}

/**
 * After contacts change, the organization's dynamic lists that filter on a changed field are marked for re-evaluation; only a list that was not
 * already marked gets a job, so a burst of writes costs one evaluation per list, not one per write.
 */
export async function afterContactsChanged(
  tx: EntityManager,
  jobs: Jobs,
  org: string,
  fields: string[] | 'all',
): Promise<void> {
  if (fields !== 'all' && fields.length === 0) return;
  // Only lists whose filter names a changed field (any list when the change can move membership by itself).
  const lists = await tenantSql(tx).rows<{ id: number }>(
    sql`update crm.lists set needs_evaluation = true where organization_id = ${ORG} and is_dynamic and not needs_evaluation and (${fields === 'all'}::boolean or filter_fields && ${`{${fields === 'all' ? '' : fields.map((f) => `"${f.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]) returning id`,
  );
  for (const list of lists)
    await jobs.enqueue(
      tx,
      EVALUATE_LIST_JOB,
      { organizationId: org, listId: list.id } satisfies EvaluateListData,
      new Date(Date.now() + REEVALUATION_DELAY_MS),
    );
}

/** Fields a CQL tree reads, in both spellings of custom ones (`score`, `properties.score`). */
export function filterFields(tree: { type: string; field?: string; conditions?: unknown[] } | null): string[] {
  const out = new Set<string>();
  const walk = (node: { type: string; field?: string; conditions?: unknown[] }) => {
    if (node.type === 'group') for (const child of node.conditions ?? []) walk(child as typeof node);
    else if (node.field) {
      out.add(node.field);
      if (node.field.startsWith('properties.')) out.add(node.field.slice('properties.'.length));
      else out.add(`properties.${node.field}`);
    }
  };
  if (tree) walk(tree);
  return [...out];
}

/** The fields a contact write touched, as CQL names; 'all' when membership can change whatever the filter reads. */
export function touchedFields(operation: string, input: Record<string, unknown>, existed: boolean): string[] | 'all' {
  if (operation !== 'patch' && !(operation === 'upsert' && existed)) return 'all';
  if ('status' in input) return 'all';
  const fields = new Set<string>(['updatedAt']);
  for (const key of Object.keys(input)) {
    if (key === 'properties')
      for (const p of Object.keys((input.properties as Record<string, unknown>) ?? {})) fields.add(p);
    else fields.add(key);
    if (key === 'email') fields.add('isIdentified');
  }
  return [...fields];
}
