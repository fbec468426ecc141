import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config/config.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Logger } from '../logging/logger.js';
import { newId } from '../ids/ids.js';
import { secretBoxFor } from '../crypto/encryption-key.js';
import type { SystemEmail, SystemEmailSender } from './system-email.js';

/** Job the email module's worker runs to turn a relayed notice into its message (subgraphs/email). */
export const RELAY_SYSTEM_EMAIL_JOB = 'email.relay-system-email';

/** The relayed job's data: the notice sealed (it may carry a one-time token), bound to the message id it will get. */
export interface RelayedSystemEmailData {
  organizationId: string;
  messageId: string;
  sealed: string;
}

/**
 * The system-email port in a process that does not serve the email module (split mode): the notice is written as a
 * job row in the caller's transaction, on the job store every process shares, and only the email module's worker
 * defines that job, so it becomes the same EmailMessage the local port would have written. Nothing is lost while
 * the email process is down: the job waits. The returned id is the one the message will have; an organization
 * without a recipient is logged by the email process, which then writes no message.
 */
export class RelayedSystemEmailSender implements SystemEmailSender {
  constructor(private readonly deps: { orm: MikroORM; jobs: Jobs; config: Config; logger: Logger }) {}

  async send(tx: EntityManager, email: SystemEmail): Promise<string | null> {
    const messageId = newId('em');
    const box = await secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger);
    const data: RelayedSystemEmailData = {
      organizationId: email.organizationId,
      messageId,
      sealed: box.seal(JSON.stringify(email), messageId),
    };
    await this.deps.jobs.enqueue(tx, RELAY_SYSTEM_EMAIL_JOB, data);
    return messageId;
  }
}
