import type { PlatformDeps, SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { portsOf } from '../../platform/ports/port-registry.js';
import { DkimKeys } from '../../platform/mail/dkim-keys.js';
import { Mailbox } from './entities/mailbox.entity.js';
import { MailDomain } from './entities/mail-domain.entity.js';
import { MailThread } from './entities/mail-thread.entity.js';
import { MailLabel } from './entities/mail-label.entity.js';
import { MailMessage } from './entities/mail-message.entity.js';
import { MailboxResolver } from './mailboxes/mailbox.resolver.js';
import { MessageResolver } from './messages/message.resolver.js';
import { MailboxInboxResolver } from './inbox/inbox.resolver.js';
import { ThreadResolver } from './threads/thread.resolver.js';
import { LabelResolver } from './labels/label.resolver.js';
import { MailboxDomainResolver } from './domains/domain.resolver.js';
import { ContactMailboxMessagesResolver } from './federation/contact-mailbox-messages.resolver.js';
import { MailboxContactStub } from './federation/contact.stub.js';
import { dnsLookup, type DnsLookup } from './domains/dns-lookup.js';
import { mailboxInboundHandler } from './inbound/mailbox-inbound.handler.js';
import { sendMessageJob } from './jobs/send-message.job.js';
import { emailStatusJob } from './jobs/email-status.job.js';
import { systemClock, type JobClock } from '../../platform/clock/job-clock.js';
import { Migration20261125120000_mailboxes } from './migrations/Migration20261125120000_mailboxes.js';
import { Migration20261125160000_search_vector } from './migrations/Migration20261125160000_search_vector.js';
import { Migration20261125170000_mailboxes_dkim_port } from './migrations/Migration20261125170000_mailboxes_dkim_port.js';
import { Migration20261125210000_message_compression } from './migrations/Migration20261125210000_message_compression.js';
import { Migration20261126010100_mailboxes_webhook_resources } from './migrations/Migration20261126010100_mailboxes_webhook_resources.js';
import { Migration20261128110100_mailboxes_inbound_addresses } from './migrations/Migration20261128110100_mailboxes_inbound_addresses.js';
import type { MailboxesDeps } from './mailboxes-deps.js';
import { MAILBOXES_ERROR_CODES } from './mailboxes-error-codes.js';

export const MAILBOX_RESOLVERS = [
  MailboxResolver,
  MessageResolver,
  MailboxInboxResolver,
  ThreadResolver,
  LabelResolver,
  MailboxDomainResolver,
] as const;

export interface MailboxesModuleOptions {
  /** Now, for scheduled sends; default the wall clock. */
  clock?: JobClock;
  /** DNS of domain verification; default node:dns over DNS_RESOLVER. */
  dns?: DnsLookup;
  /** Adds `Contact.mailboxMessages` to CRM's Contact (default true); off when served without CRM. */
  contactMessages?: boolean;
}

/** Agent mailboxes: mailboxes, sending (scheduled too), inbound SMTP, threads, labels, search, custom domains. */
export function mailboxesModule(options: MailboxesModuleOptions = {}): SubgraphModule {
  let deps: MailboxesDeps | undefined;
  const depsFor = (platform: PlatformDeps): MailboxesDeps =>
    (deps ??= {
      ...platform,
      clock: options.clock ?? systemClock,
      ports: () => portsOf(platform),
      dkimKeys: new DkimKeys(platform),
      dns: options.dns ?? dnsLookup(platform.config.dnsResolver),
    });
  const withContacts = options.contactMessages !== false;
  return {
    name: 'mailboxes',
    errorCodes: MAILBOXES_ERROR_CODES,
    data: {
      entities: [Mailbox, MailDomain, MailThread, MailLabel, MailMessage],
      migrations: [
        { name: 'Migration20261125120000_mailboxes', class: Migration20261125120000_mailboxes },
        { name: 'Migration20261125160000_search_vector', class: Migration20261125160000_search_vector },
        { name: 'Migration20261125170000_mailboxes_dkim_port', class: Migration20261125170000_mailboxes_dkim_port },
        { name: 'Migration20261125210000_message_compression', class: Migration20261125210000_message_compression },
        {
          name: 'Migration20261126010100_mailboxes_webhook_resources',
          class: Migration20261126010100_mailboxes_webhook_resources,
        },
        {
          name: 'Migration20261128110100_mailboxes_inbound_addresses',
          class: Migration20261128110100_mailboxes_inbound_addresses,
        },
      ],
    },
    defineJobs: (platform) => {
      platform.jobs.define(sendMessageJob(depsFor(platform)));
      platform.jobs.define(emailStatusJob());
    },
    inboundMail: (platform) => mailboxInboundHandler(depsFor(platform)),
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers: withContacts ? [...MAILBOX_RESOLVERS, ContactMailboxMessagesResolver] : [...MAILBOX_RESOLVERS],
        orphanedTypes: withContacts ? [MailboxContactStub] : [],
        container: moduleContainer(depsFor(platform)) as never,
      }),
  };
}
