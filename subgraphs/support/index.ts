import type { PlatformDeps, SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { portsOf } from '../../platform/ports/port-registry.js';
import { Inbox } from './entities/inbox.entity.js';
import { InboxMember } from './entities/inbox-member.entity.js';
import { Visitor } from './entities/visitor.entity.js';
import { VisitorSession } from './entities/visitor-session.entity.js';
import { VisitorEvent } from './entities/visitor-event.entity.js';
import { SupportCompany } from './entities/company.entity.js';
import { CompanyNote } from './entities/company-note.entity.js';
import { Conversation } from './entities/conversation.entity.js';
import { Message } from './entities/message.entity.js';
import { Attachment } from './entities/attachment.entity.js';
import { ConversationTag, SupportTag } from './entities/tag.entity.js';
import { CannedResponse } from './entities/canned-response.entity.js';
import { ReportingEvent } from './entities/reporting-event.entity.js';
import { SupportInboxResolver } from './inboxes/inbox.resolver.js';
import { ConversationResolver } from './conversations/conversation.resolver.js';
import { VisitorResolver } from './visitors/visitor.resolver.js';
import { SupportCompanyResolver } from './companies/company.resolver.js';
import { CannedResponseResolver } from './canned-responses/canned-response.resolver.js';
import { WidgetResolver } from './widget/widget.resolver.js';
import { TypingResolver } from './typing/typing.resolver.js';
import { conversationTypingField } from './typing/typing-subscription.js';
import { DEFAULT_TYPING, type TypingOptions } from './typing/typing-options.js';
import { AnalyticsResolver } from './analytics/analytics.resolver.js';
import { SupportDashboardResolver } from './dashboards/dashboard.resolver.js';
import { ContactConversationsResolver } from './federation/contact-conversations.resolver.js';
import { SupportContactStub } from './federation/contact.stub.js';
import { snoozeJob } from './jobs/snooze.job.js';
import { SupportInboundMail } from './email/support-inbound-mail.js';
import { widgetSubscriptions } from './widget/widget-subscription.js';
import { widgetScriptRoute } from './widget/widget-script.route.js';
import { widgetDemoRoute } from './widget/widget-demo.route.js';
import { systemClock, type JobClock } from '../../platform/clock/job-clock.js';
import type { SupportDeps } from './shared/support-deps.js';
import { Migration20261125000200_support } from './migrations/Migration20261125000200_support.js';
import { Migration20261125160000_support_rollup } from './migrations/Migration20261125160000_support_rollup.js';
import { Migration20261128110100_support_inbound_addresses } from './migrations/Migration20261128110100_support_inbound_addresses.js';
import { Migration20261201120000_support_widget_embed } from './migrations/Migration20261201120000_support_widget_embed.js';
import { Migration20261202070000_support_widget_message_keys } from './migrations/Migration20261202070000_support_widget_message_keys.js';
import { Migration20261202160000_support_widget_conversation_keys } from './migrations/Migration20261202160000_support_widget_conversation_keys.js';

export const SUPPORT_RESOLVERS = [
  SupportInboxResolver,
  ConversationResolver,
  VisitorResolver,
  SupportCompanyResolver,
  CannedResponseResolver,
  WidgetResolver,
  TypingResolver,
  AnalyticsResolver,
  SupportDashboardResolver,
] as const;

export interface SupportModuleOptions {
  /** Now, for message and status times, metrics and snoozes; default the wall clock. */
  clock?: JobClock;
  /** Typing signals' expiry (default 6 s) and throttle window (default 300 ms); tests shorten them. */
  typing?: Partial<TypingOptions>;
  /**
   * Adds `Contact.conversations` to CRM's Contact (default true). Its `email @external` needs the CRM subgraph in the
   * same supergraph, so a platform served without CRM (tests of a module subset) turns it off.
   */
  contactConversations?: boolean;
}

/** The support module: inboxes, conversations, visitors, companies, canned responses, widget, email channel, analytics. */
export function supportModule(options: SupportModuleOptions = {}): SubgraphModule {
  let deps: SupportDeps | undefined;
  const depsFor = (platform: PlatformDeps): SupportDeps =>
    (deps ??= {
      ...platform,
      clock: options.clock ?? systemClock,
      typing: { ...DEFAULT_TYPING, ...options.typing },
      ports: () => portsOf(platform),
    });
  const withContacts = options.contactConversations !== false;
  return {
    name: 'support',
    data: {
      entities: [
        Inbox,
        InboxMember,
        Visitor,
        VisitorSession,
        VisitorEvent,
        SupportCompany,
        CompanyNote,
        Conversation,
        Message,
        Attachment,
        SupportTag,
        ConversationTag,
        CannedResponse,
        ReportingEvent,
      ],
      migrations: [
        { name: 'Migration20261125000200_support', class: Migration20261125000200_support },
        { name: 'Migration20261125160000_support_rollup', class: Migration20261125160000_support_rollup },
        {
          name: 'Migration20261128110100_support_inbound_addresses',
          class: Migration20261128110100_support_inbound_addresses,
        },
        { name: 'Migration20261201120000_support_widget_embed', class: Migration20261201120000_support_widget_embed },
        {
          name: 'Migration20261202070000_support_widget_message_keys',
          class: Migration20261202070000_support_widget_message_keys,
        },
        {
          name: 'Migration20261202160000_support_widget_conversation_keys',
          class: Migration20261202160000_support_widget_conversation_keys,
        },
      ],
    },
    defineJobs: (platform) => platform.jobs.define(snoozeJob(depsFor(platform))),
    inboundMail: (platform) => new SupportInboundMail(depsFor(platform)),
    publicSubscriptions: (platform) => widgetSubscriptions(depsFor(platform)),
    subscriptionFields: (platform) => ({ supportConversationTyping: conversationTypingField(depsFor(platform)) }),
    httpRoutes: (platform) => [widgetScriptRoute(), widgetDemoRoute(platform.config.publicUrl)],
    crossOriginPaths: ['/support/widget/'],
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers: withContacts ? [...SUPPORT_RESOLVERS, ContactConversationsResolver] : [...SUPPORT_RESOLVERS],
        orphanedTypes: withContacts ? [SupportContactStub] : [],
        container: moduleContainer(depsFor(platform)) as never,
      }),
  };
}
