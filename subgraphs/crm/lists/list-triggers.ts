import type { EntityManager } from '@mikro-orm/postgresql';
import type { Jobs } from '../../../platform/jobs/jobs.js';

export const EVALUATE_LIST_JOB = 'crm.evaluate-list';

/** Contact changes within this window share one re-evaluation of a list. */
export const REEVALUATION_DELAY_MS = 2_000;

export interface EvaluateListData {
  organizationId: string;
  listId: number;
}

/**
 * After contacts change, the organization's dynamic lists are marked for re-evaluation; only a list that was not
 * already marked gets a job, so a burst of writes costs one evaluation per list, not one per write.
 */
export async function afterContactsChanged(tx: EntityManager, jobs: Jobs, org: string): Promise<void> {
  const lists = await tx.execute<{ id: number }[]>(
    'update crm.lists set needs_evaluation = true where organization_id = ? and is_dynamic and not needs_evaluation returning id',
    [org],
  );
  for (const list of lists) await jobs.enqueue(tx, EVALUATE_LIST_JOB, { organizationId: org, listId: list.id } satisfies EvaluateListData, new Date(Date.now() + REEVALUATION_DELAY_MS));
}
