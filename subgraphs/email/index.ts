import type { SubgraphModule, PlatformDeps } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { EmailMessage } from './entities/email-message.entity.js';
import { EmailTemplate } from './entities/email-template.entity.js';
import { EmailSuppression } from './entities/email-suppression.entity.js';
import { CapturedEmail } from './entities/captured-email.entity.js';
import { EmailMessageResolver } from './messages/email-message.resolver.js';
import { TrackingResolver } from './tracking/tracking.resolver.js';
import { EmailTemplateResolver } from './templates/email-template.resolver.js';
import { EmailSuppressionResolver } from './suppressions/email-suppression.resolver.js';
import { EmailBounceResolver } from './bounces/email-bounce.resolver.js';
import { EmailStatsResolver } from './stats/email-stats.resolver.js';
import { emailMessageReference } from './messages/email-message.reference.js';
import { sendEmailJob } from './jobs/send-email.job.js';
import { relaySystemEmailJob } from './jobs/relay-system-email.job.js';
import { createCaptureTransport, createSmtpTransport, type MailTransport } from './sending/mail-transport.js';
import { Migration20261122000100_email } from './migrations/Migration20261122000100_email.js';
import { Migration20261125160000_email_sealed_content } from './migrations/Migration20261125160000_email_sealed_content.js';
import { Migration20261125170000_email_dkim_keys } from './migrations/Migration20261125170000_email_dkim_keys.js';
import { Migration20261126010000_email_dkim_keys_to_platform } from './migrations/Migration20261126010000_email_dkim_keys_to_platform.js';
import { Migration20261126010100_email_outcome_job } from './migrations/Migration20261126010100_email_outcome_job.js';
import { DkimKeys } from '../../platform/mail/dkim-keys.js';
import type { EmailDeps } from './email-deps.js';
import type { PortProvider } from '../../platform/ports/port-registry.js';
import { EmailSystemSender } from './system-email/system-email.sender.js';
import { EMAIL_ERROR_CODES } from './email-error-codes.js';

export const EMAIL_RESOLVERS = [
  EmailMessageResolver,
  TrackingResolver,
  EmailTemplateResolver,
  EmailSuppressionResolver,
  EmailBounceResolver,
  EmailStatsResolver,
] as const;

/** The email module: messages, templates, suppressions, bounces, stats, tracking. */
export function emailModule(): SubgraphModule & PortProvider {
  let transport: MailTransport | undefined;
  let dkimKeys: DkimKeys | undefined;
  const depsFor = (deps: PlatformDeps): EmailDeps => {
    transport ??= deps.config.email.smtpUrl
      ? createSmtpTransport({
          url: deps.config.email.smtpUrl,
          poolSize: deps.config.email.smtpPoolSize,
          dkim: deps.config.email.dkim,
        })
      : createCaptureTransport();
    dkimKeys ??= new DkimKeys(deps);
    return { ...deps, transport, captureMode: !deps.config.email.smtpUrl, dkimKeys };
  };
  return {
    name: 'email',
    errorCodes: EMAIL_ERROR_CODES,
    data: {
      entities: [EmailMessage, EmailTemplate, EmailSuppression, CapturedEmail],
      migrations: [
        { name: 'Migration20261122000100_email', class: Migration20261122000100_email },
        { name: 'Migration20261125160000_email_sealed_content', class: Migration20261125160000_email_sealed_content },
        { name: 'Migration20261125170000_email_dkim_keys', class: Migration20261125170000_email_dkim_keys },
        {
          name: 'Migration20261126010000_email_dkim_keys_to_platform',
          class: Migration20261126010000_email_dkim_keys_to_platform,
        },
        { name: 'Migration20261126010100_email_outcome_job', class: Migration20261126010100_email_outcome_job },
      ],
    },
    buildSchema: (deps) =>
      buildFederatedSchema(
        {
          resolvers: [...EMAIL_RESOLVERS],
          orphanedTypes: [],
          container: moduleContainer(depsFor(deps)) as never,
          invalidInputCode: 'INVALID_REQUEST',
        },
        emailMessageReference,
      ),
    defineJobs: (deps) => {
      deps.jobs.define(sendEmailJob(depsFor(deps)));
      // Notices from processes that do not serve this module (split mode) arrive as jobs.
      deps.jobs.define(relaySystemEmailJob(depsFor(deps), new EmailSystemSender(depsFor(deps))));
    },
    providePorts: (deps, ports) => {
      ports.systemEmail = new EmailSystemSender(depsFor(deps));
    },
    close: async () => transport?.close(),
  };
}
