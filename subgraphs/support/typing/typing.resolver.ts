import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { PUBLIC } from '../../../platform/auth/auth-checker.js';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { TypingService } from './typing.service.js';
import { SupportTypingInput, WidgetTypingInput } from './typing.input.js';
import { TypingAck } from './typing.types.js';

/** Typing signals of agents (API key) and of the visitor (widget tokens): live only, never stored, no webhook. */
@Resolver()
export class TypingResolver {
  private readonly service: TypingService;

  constructor(deps: SupportDeps) {
    this.service = new TypingService(deps);
  }

  @Authorized('support')
  @Mutation(() => TypingAck, {
    description:
      'The visitor sees "<agent> is typing…" until false, the agent\'s reply, or expiresInMs without a renewal',
  })
  setSupportConversationTyping(
    @Arg('id', () => ID, { description: 'conv_…' }) id: string,
    @Arg('input', () => SupportTypingInput) input: SupportTypingInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TypingAck> {
    return this.service.agent(ctx.em, id, input);
  }

  @Authorized(PUBLIC)
  @Mutation(() => TypingAck, {
    description: "The visitor typing in their own conversation; agents' supportConversationTyping subscription gets it",
  })
  setSupportWidgetTyping(
    @Arg('widgetToken', () => String, {
      nullable: true,
      description: "The inbox's public widget token (REST: X-Widget-Token)",
    })
    widgetToken: string | null,
    @Arg('visitorToken', () => String, {
      nullable: true,
      description: 'The visitor token a session returned (REST: X-Visitor-Token)',
    })
    visitorToken: string | null,
    @Arg('origin', () => String, {
      nullable: true,
      description: "The page's origin (REST: the Origin header), checked against the inbox's allowedOrigins",
    })
    origin: string | null,
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('input', () => WidgetTypingInput) input: WidgetTypingInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TypingAck> {
    return this.service.visitor(ctx.em, { widgetToken, visitorToken, origin }, conversationId, input);
  }
}
