import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { DomainsDeps } from '../domains-deps.js';
import { TRANSFER_JOB, TransferService } from '../transfers/transfer.service.js';

/** Asks the registrar about a pending transfer when it is due (the sandbox completes it then). */
export function transferCheckJob(deps: DomainsDeps): JobDefinition<{ organizationId: string; transferId: string }> {
  const service = new TransferService(deps);
  return {
    name: TRANSFER_JOB,
    handler: (data, ctx) => service.check(ctx.em as EntityManager, data.transferId),
  };
}
