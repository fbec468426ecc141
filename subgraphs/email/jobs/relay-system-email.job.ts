import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import { RELAY_SYSTEM_EMAIL_JOB, type RelayedSystemEmailData } from '../../../platform/ports/relayed-system-email.js';
import type { SystemEmail } from '../../../platform/ports/system-email.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import type { EmailDeps } from '../email-deps.js';
import type { EmailSystemSender } from '../system-email/system-email.sender.js';

/**
 * A system notice relayed by a process that does not serve this module (split mode) becomes its EmailMessage here,
 * with the id promised to the caller. Runs again harmlessly: a message that already has that id is left alone.
 */
export function relaySystemEmailJob(deps: EmailDeps, sender: EmailSystemSender): JobDefinition<RelayedSystemEmailData> {
  return {
    name: RELAY_SYSTEM_EMAIL_JOB,
    concurrency: 10,
    handler: async ({ messageId, sealed }, { em }) => {
      const box = await secretBoxFor(deps.orm, deps.config.encryptionKey, deps.logger);
      const email = JSON.parse(box.open(sealed, messageId)) as SystemEmail;
      await em.transactional(async (tx) => {
        if (await tx.findOne(EmailMessage, { id: messageId }, { fields: ['id'] })) return;
        await sender.send(tx, email, messageId);
      });
    },
  };
}
