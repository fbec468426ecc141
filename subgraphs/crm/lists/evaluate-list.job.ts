import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { CrmDeps } from '../crm-deps.js';
import { evaluateList } from './list-evaluation.js';
import { EVALUATE_LIST_JOB, type EvaluateListData } from './list-triggers.js';

/** How often each dynamic list is re-evaluated on its own schedule, besides the evaluations contact changes trigger. */
export const LIST_SCHEDULE_MS = 60 * 60_000;

/**
 * Evaluates one dynamic list. A `scheduled` run (one chain per list, started at its creation) enqueues the next
 * run; a run for a deleted list ends its chain.
 */
export function evaluateListJob(deps: CrmDeps): JobDefinition<EvaluateListData & { scheduled?: boolean }> {
  return {
    name: EVALUATE_LIST_JOB,
    concurrency: 4,
    lockLifetimeMs: 60_000,
    handler: async (data, { em }) => {
      const count = await evaluateList(em, data.listId);
      if (count !== null && data.scheduled)
        await deps.jobs.enqueue(em, EVALUATE_LIST_JOB, data, new Date(Date.now() + LIST_SCHEDULE_MS));
    },
  };
}
