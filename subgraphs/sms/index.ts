import type { SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { SmsMessage } from './entities/sms-message.entity.js';
import { SmsCustomTemplate } from './entities/sms-template.entity.js';
import { SmsSuppression } from './entities/sms-suppression.entity.js';
import { SmsSettings } from './entities/sms-settings.entity.js';
import { SmsMessageResolver } from './messages/sms-message.resolver.js';
import { SmsTemplateResolver } from './templates/sms-template.resolver.js';
import { SmsSuppressionResolver } from './suppressions/sms-suppression.resolver.js';
import { SmsInboundResolver } from './inbound/sms-inbound.resolver.js';
import { SmsSettingsResolver } from './settings/sms-settings.resolver.js';
import { SmsStatsResolver } from './stats/sms-stats.resolver.js';
import { sandboxCarrierJob, sandboxReportJob } from './jobs/sandbox-carrier.job.js';
import { providerCarrierJob } from './jobs/provider-carrier.job.js';
import { SmsCallbackResolver } from './provider/sms-callback.resolver.js';
import { Migration20261124000100_sms } from './migrations/Migration20261124000100_sms.js';
import { Migration20261124000200_sms_provider_ids } from './migrations/Migration20261124000200_sms_provider_ids.js';
import { SMS_ERROR_CODES } from './sms-error-codes.js';

export const SMS_RESOLVERS = [
  SmsMessageResolver,
  SmsTemplateResolver,
  SmsSuppressionResolver,
  SmsInboundResolver,
  SmsSettingsResolver,
  SmsStatsResolver,
  SmsCallbackResolver,
] as const;

/** The SMS module: template sends and batches, the sandbox carrier or a Twilio-style provider, inbound and opt-outs, suppressions. */
export function smsModule(): SubgraphModule {
  return {
    name: 'sms',
    errorCodes: SMS_ERROR_CODES,
    data: {
      entities: [SmsMessage, SmsCustomTemplate, SmsSuppression, SmsSettings],
      migrations: [
        { name: 'Migration20261124000100_sms', class: Migration20261124000100_sms },
        { name: 'Migration20261124000200_sms_provider_ids', class: Migration20261124000200_sms_provider_ids },
      ],
    },
    buildSchema: (deps) =>
      buildFederatedSchema({
        resolvers: [...SMS_RESOLVERS],
        orphanedTypes: [],
        container: moduleContainer(deps) as never,
        invalidInputCode: 'INVALID_REQUEST',
      }),
    defineJobs: (deps) => {
      // One carrier per process: the configured provider, else the offline sandbox.
      if (deps.config.sms.provider) deps.jobs.define(providerCarrierJob(deps, deps.config.sms.provider));
      else deps.jobs.define(sandboxCarrierJob(deps));
      deps.jobs.define(sandboxReportJob());
    },
  };
}
