import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { PUBLIC } from '../../../platform/auth/auth-checker.js';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { WidgetService } from './widget.service.js';
import { AttachmentContent } from '../conversations/conversation.types.js';
import {
  WidgetAck,
  WidgetConfig,
  WidgetConversationView,
  WidgetEventInput,
  WidgetIdentifyInput,
  WidgetMessageInput,
  WidgetMessageView,
  WidgetSession,
  WidgetSessionInput,
} from './widget.types.js';

@ObjectType('SupportWidgetIdentity')
class WidgetIdentity {
  @Field(() => ID)
  visitorId!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field({
    description:
      'The host page signed the email (userHash): only then is the visitor listed under the CRM contact of that email',
  })
  verified!: boolean;
}

const WIDGET = { description: "The inbox's public widget token (REST: X-Widget-Token)" };
const VISITOR = { description: 'The visitor token a session returned (REST: X-Visitor-Token)' };
const OPTIONAL_VISITOR = { nullable: true, ...VISITOR };
const START_KEY = {
  nullable: true,
  description:
    "The widget's own key for this start (REST: the Idempotency-Key header, at most 200 characters): starting again with it answers the conversation it opened",
};
const IDEMPOTENCY_KEY = {
  nullable: true,
  description:
    "The widget's own key for this message (REST: the Idempotency-Key header, at most 200 characters): sending it again answers the message already stored",
};
const ORIGIN = {
  nullable: true,
  description: "The page's origin (REST: the Origin header), checked against the inbox's allowedOrigins",
};

/** Public operations of the widget: no API key; the widget token names the inbox, the visitor token the visitor. */
@Resolver()
export class WidgetResolver {
  private readonly service: WidgetService;

  constructor(deps: SupportDeps) {
    this.service = new WidgetService(deps);
  }

  @Authorized(PUBLIC)
  @Mutation(() => WidgetSession, {
    description: 'A new visitor unless a valid visitor token is given; always a new session',
  })
  startSupportWidgetSession(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('input', () => WidgetSessionInput) input: WidgetSessionInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetSession> {
    return this.service.startSession(ctx.em, { widgetToken, visitorToken, origin }, input);
  }

  @Authorized(PUBLIC)
  @Mutation(() => WidgetAck)
  async recordSupportWidgetEvent(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('input', () => WidgetEventInput) input: WidgetEventInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetAck> {
    return { ok: await this.service.recordEvent(ctx.em, { widgetToken, visitorToken, origin }, input) };
  }

  @Authorized(PUBLIC)
  @Mutation(() => WidgetIdentity, { description: 'Gives the visitor an email (visitor.identified) and a name' })
  identifySupportWidgetVisitor(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('input', () => WidgetIdentifyInput) input: WidgetIdentifyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetIdentity> {
    return this.service.identify(ctx.em, { widgetToken, visitorToken, origin }, input);
  }

  @Authorized(PUBLIC)
  @Mutation(() => WidgetConversationView)
  startSupportWidgetConversation(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('input', () => WidgetMessageInput) input: WidgetMessageInput,
    @Arg('idempotencyKey', () => String, START_KEY) idempotencyKey: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetConversationView> {
    return this.service.startConversation(ctx.em, { widgetToken, visitorToken, origin }, input, idempotencyKey);
  }

  @Authorized(PUBLIC)
  @Mutation(() => WidgetMessageView)
  postSupportWidgetMessage(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('input', () => WidgetMessageInput) input: WidgetMessageInput,
    @Arg('idempotencyKey', () => String, IDEMPOTENCY_KEY) idempotencyKey: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetMessageView> {
    return this.service.postMessage(
      ctx.em,
      { widgetToken, visitorToken, origin },
      conversationId,
      input,
      idempotencyKey,
    );
  }

  @Authorized(PUBLIC)
  @Query(() => WidgetConfig, {
    description: 'What the widget shows before a visitor exists: the inbox, its availability, what it asks',
  })
  supportWidgetConfig(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetConfig> {
    return this.service.config(ctx.em, { widgetToken, visitorToken: null, origin });
  }

  @Authorized(PUBLIC)
  @Query(() => WidgetConversationView, { description: "The visitor's own conversation; notes never included" })
  supportWidgetConversation(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('conversationId', () => ID) conversationId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetConversationView> {
    return this.service.getConversation(ctx.em, { widgetToken, visitorToken, origin }, conversationId);
  }

  @Authorized(PUBLIC)
  @Query(() => AttachmentContent, {
    description: "A file of the visitor's own conversation (never a note's), bytes in base64",
  })
  supportWidgetAttachment(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttachmentContent> {
    return this.service.attachment(ctx.em, { widgetToken, visitorToken, origin }, conversationId, id);
  }

  @Authorized(PUBLIC)
  @Query(() => [WidgetConversationView], {
    description: "The visitor's conversations in this inbox, newest first (at most 100)",
  })
  supportWidgetConversations(
    @Arg('widgetToken', () => String, { nullable: true, ...WIDGET }) widgetToken: string | null,
    @Arg('visitorToken', () => String, OPTIONAL_VISITOR) visitorToken: string | null,
    @Arg('origin', () => String, ORIGIN) origin: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WidgetConversationView[]> {
    return this.service.listConversations(ctx.em, { widgetToken, visitorToken, origin });
  }
}
