import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { SupportPageArgs } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { ConversationList } from '../conversations/conversation.types.js';
import { VisitorService } from './visitor.service.js';
import {
  SessionList,
  VisitorCompanyInput,
  VisitorEventList,
  VisitorExport,
  VisitorList,
  VisitorListArgs,
  VisitorUpdateInput,
  VisitorView,
} from './visitor.types.js';

const VISITOR = { description: 'vis_…' };

@Resolver()
export class VisitorResolver {
  private readonly service: VisitorService;

  constructor(deps: SupportDeps) {
    this.service = new VisitorService(deps);
  }

  @Authorized('support')
  @Query(() => VisitorList, { description: 'Newest first' })
  supportVisitors(@Args() args: VisitorListArgs, @Ctx() ctx: SubgraphContext): Promise<VisitorList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => VisitorView)
  supportVisitor(@Arg('id', () => ID, VISITOR) id: string, @Ctx() ctx: SubgraphContext): Promise<VisitorView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('support')
  @Mutation(() => VisitorView)
  updateSupportVisitor(
    @Arg('id', () => ID, VISITOR) id: string,
    @Arg('input', () => VisitorUpdateInput) input: VisitorUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VisitorView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => Boolean, { description: 'Removes the visitor with its sessions, events and conversations' })
  deleteSupportVisitor(@Arg('id', () => ID, VISITOR) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, id);
  }

  @Authorized('support')
  @Query(() => SessionList, { description: 'Newest first' })
  supportVisitorSessions(
    @Arg('id', () => ID, VISITOR) id: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SessionList> {
    return this.service.sessions(ctx.em, id, args);
  }

  @Authorized('support')
  @Query(() => VisitorEventList, { description: 'Newest first' })
  supportVisitorEvents(
    @Arg('id', () => ID, VISITOR) id: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VisitorEventList> {
    return this.service.events(ctx.em, id, args);
  }

  @Authorized('support')
  @Query(() => ConversationList, { description: 'Newest first' })
  supportVisitorConversations(
    @Arg('id', () => ID, VISITOR) id: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationList> {
    return this.service.conversations(ctx.em, id, args);
  }

  @Authorized('support')
  @Mutation(() => VisitorView)
  setSupportVisitorCompany(
    @Arg('id', () => ID, VISITOR) id: string,
    @Arg('input', () => VisitorCompanyInput) input: VisitorCompanyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VisitorView> {
    return this.service.setCompany(ctx.em, id, input);
  }

  @Authorized('support')
  @Query(() => VisitorExport, { description: 'Everything held about the visitor, as one document' })
  supportVisitorExport(@Arg('id', () => ID, VISITOR) id: string, @Ctx() ctx: SubgraphContext): Promise<VisitorExport> {
    return this.service.export(ctx.em, id);
  }

  @Authorized('support')
  @Mutation(() => VisitorView, { description: 'Irreversible and idempotent' })
  anonymizeSupportVisitor(@Arg('id', () => ID, VISITOR) id: string, @Ctx() ctx: SubgraphContext): Promise<VisitorView> {
    return this.service.anonymize(ctx.em, id);
  }
}
