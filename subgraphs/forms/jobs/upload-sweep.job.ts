import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FormsDeps } from '../forms-deps.js';
import { deleteOrphanUploads } from '../uploads/form-upload.store.js';
import { ORPHAN_UPLOAD_TTL_MS } from '../uploads/upload-rules.js';

export const UPLOAD_SWEEP_JOB = 'forms.upload-sweep';
/** How often the sweep runs: an orphan lives at most 24 hours and this long. */
export const UPLOAD_SWEEP_INTERVAL = '1 hour';

/** Deletes uploads that no completed submission took within 24 hours (abandoned forms, replaced or removed files). */
export async function sweepOrphanUploads(deps: FormsDeps): Promise<number> {
  const root = deps.orm.em.fork({ clear: true, useContext: false, disableFilters: true } as never) as EntityManager;
  return deleteOrphanUploads(root, new Date(deps.clock.now().getTime() - ORPHAN_UPLOAD_TTL_MS));
}

export function uploadSweepJob(deps: FormsDeps): JobDefinition<object> {
  return {
    name: UPLOAD_SWEEP_JOB,
    concurrency: 1,
    handler: async (_data, { logger }) => {
      const deleted = await sweepOrphanUploads(deps);
      if (deleted) logger.info('orphan form uploads deleted', { deleted });
    },
  };
}
