import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmListInput, CrmListMembersInput, UpdateCrmListInput } from './list-input.types.js';
import type { CrmDeps } from '../crm-deps.js';
import { ListService } from './list.service.js';
import { CrmListView, ListMemberCount, ListMemberList, ListMembersChange } from './list.types.js';

@Resolver()
export class ListResolver {
  private readonly service: ListService;

  constructor(deps: CrmDeps) {
    this.service = new ListService(deps.jobs);
  }

  @Authorized('crm')
  @Query(() => [CrmListView])
  crmLists(
    @Arg('entityType', () => String, { nullable: true }) entityType: string | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CrmListView[]> {
    return this.service.list(ctx.em, entityType);
  }

  @Authorized('crm')
  @Query(() => CrmListView)
  crmList(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<CrmListView> {
    return this.service.detail(ctx.em, id);
  }

  @Authorized('crm')
  @Query(() => ListMemberList)
  crmListMembers(
    @Arg('id', () => ID) id: string,
    @Arg('page', () => Int, { nullable: true }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ListMemberList> {
    return this.service.members(ctx.em, id, { page, limit });
  }

  @Authorized('crm')
  @Mutation(() => CrmListView, {
    description:
      '{name, entityType (CONTACT), isDynamic, filterCriteria}; a dynamic list is evaluated at once and every hour',
  })
  createCrmList(
    @Arg('input', () => CrmListInput) input: CrmListInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CrmListView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('crm')
  @Mutation(() => CrmListView)
  updateCrmList(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateCrmListInput) input: UpdateCrmListInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CrmListView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('crm')
  @Mutation(() => Boolean)
  deleteCrmList(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, id);
  }

  @Authorized('crm')
  @Mutation(() => ListMemberCount, {
    description: 'Runs the CQL filter as an Agenda job; answers the new member count',
  })
  async evaluateCrmList(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<ListMemberCount> {
    return { memberCount: await this.service.evaluate(ctx.em, id) };
  }

  @Authorized('crm')
  @Mutation(() => ListMembersChange, { description: 'Static lists only: {entityIds: number[]} (at most 1000)' })
  addCrmListMembers(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => CrmListMembersInput) input: CrmListMembersInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ListMembersChange> {
    return this.service.changeMembers(ctx.em, id, input, true);
  }

  @Authorized('crm')
  @Mutation(() => ListMembersChange)
  removeCrmListMembers(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => CrmListMembersInput) input: CrmListMembersInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ListMembersChange> {
    return this.service.changeMembers(ctx.em, id, input, false);
  }
}
