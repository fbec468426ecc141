import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { SupportPageArgs } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { ConversationList } from '../conversations/conversation.types.js';
import { VisitorList } from '../visitors/visitor.types.js';
import { SupportCompanyService } from './company.service.js';
import {
  CompanyCreateInput,
  SupportCompanyList,
  CompanyListArgs,
  CompanyNoteInput,
  CompanyNoteList,
  CompanyNoteView,
  CompanyStats,
  CompanyUpdateInput,
  SupportCompanyView,
} from './company.types.js';

const COMPANY = { description: "The caller's company id" };

@Resolver()
export class SupportCompanyResolver {
  private readonly service: SupportCompanyService;

  constructor(deps: SupportDeps) {
    this.service = new SupportCompanyService(deps);
  }

  @Authorized('support')
  @Query(() => SupportCompanyList, { description: 'Newest first' })
  supportCompanies(@Args() args: CompanyListArgs, @Ctx() ctx: SubgraphContext): Promise<SupportCompanyList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => SupportCompanyView)
  supportCompany(@Arg('id', () => ID, COMPANY) id: string, @Ctx() ctx: SubgraphContext): Promise<SupportCompanyView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('support')
  @Mutation(() => SupportCompanyView, { description: 'A taken id is a 409 CONFLICT' })
  createSupportCompany(
    @Arg('input', () => CompanyCreateInput) input: CompanyCreateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportCompanyView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('support')
  @Mutation(() => SupportCompanyView)
  updateSupportCompany(
    @Arg('id', () => ID, COMPANY) id: string,
    @Arg('input', () => CompanyUpdateInput) input: CompanyUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportCompanyView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => Boolean, { description: 'Removes the company and its notes; its visitors are unlinked' })
  deleteSupportCompany(@Arg('id', () => ID, COMPANY) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, id);
  }

  @Authorized('support')
  @Query(() => VisitorList, { description: 'Visitors linked to the company' })
  supportCompanyUsers(
    @Arg('id', () => ID, COMPANY) id: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VisitorList> {
    return this.service.users(ctx.em, id, args);
  }

  @Authorized('support')
  @Query(() => ConversationList)
  supportCompanyConversations(
    @Arg('id', () => ID, COMPANY) id: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationList> {
    return this.service.conversations(ctx.em, id, args);
  }

  @Authorized('support')
  @Query(() => CompanyStats)
  supportCompanyStats(@Arg('id', () => ID, COMPANY) id: string, @Ctx() ctx: SubgraphContext): Promise<CompanyStats> {
    return this.service.stats(ctx.em, id);
  }

  @Authorized('support')
  @Mutation(() => CompanyNoteView)
  addSupportCompanyNote(
    @Arg('id', () => ID, COMPANY) id: string,
    @Arg('input', () => CompanyNoteInput) input: CompanyNoteInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyNoteView> {
    return this.service.addNote(ctx.em, id, input);
  }

  @Authorized('support')
  @Query(() => CompanyNoteList, { description: 'Newest first' })
  supportCompanyNotes(
    @Arg('id', () => ID, COMPANY) id: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyNoteList> {
    return this.service.notes(ctx.em, id, args);
  }
}
