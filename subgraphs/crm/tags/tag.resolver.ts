import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmTagContactInput, CrmTagInput, UpdateCrmTagInput } from './tag-input.types.js';
import { TagService } from './tag.service.js';
import { TagView } from './tag.types.js';
import type { CrmDeps } from '../crm-deps.js';

@Resolver()
export class TagResolver {
  private readonly service: TagService;

  constructor(deps: CrmDeps) {
    this.service = new TagService(deps.jobs);
  }

  @Authorized('crm')
  @Query(() => [TagView])
  crmTags(@Ctx() ctx: SubgraphContext): Promise<TagView[]> {
    return this.service.list(ctx.em);
  }

  @Authorized('crm')
  @Mutation(() => TagView, { description: 'TAG_KEY_EXISTS when the key exists' })
  createCrmTag(@Arg('input', () => CrmTagInput) input: CrmTagInput, @Ctx() ctx: SubgraphContext): Promise<TagView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('crm')
  @Mutation(() => TagView)
  updateCrmTag(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateCrmTagInput) input: UpdateCrmTagInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TagView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('crm')
  @Mutation(() => Boolean)
  deleteCrmTag(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, id);
  }

  @Authorized('crm')
  @Mutation(() => [TagView], { description: "Body {tagId}; answers the contact's tags" })
  tagContact(
    @Arg('contactId', () => ID) contactId: string,
    @Arg('input', () => CrmTagContactInput) input: CrmTagContactInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TagView[]> {
    return this.service.tagContact(ctx.em, contactId, input);
  }

  @Authorized('crm')
  @Mutation(() => [TagView])
  untagContact(
    @Arg('contactId', () => ID) contactId: string,
    @Arg('tagId', () => ID) tagId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TagView[]> {
    return this.service.untagContact(ctx.em, contactId, tagId);
  }
}
