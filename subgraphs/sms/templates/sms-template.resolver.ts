import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { SmsTemplateService } from './sms-template.service.js';
import { SmsTemplateInput, SmsTemplateList, SmsTemplateView } from './sms-template.types.js';

@Resolver(() => SmsTemplateView)
export class SmsTemplateResolver {
  private readonly service = new SmsTemplateService();

  @Authorized('sms')
  @Query(() => SmsTemplateList, { description: 'Pool templates, then the organization’s own' })
  smsTemplates(@Args() args: PageArgsInput, @Ctx() ctx: SubgraphContext): Promise<SmsTemplateList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('sms')
  @Query(() => SmsTemplateView, { description: 'By alias (pool or custom) or pool id' })
  smsTemplate(@Arg('alias') alias: string, @Ctx() ctx: SubgraphContext): Promise<SmsTemplateView> {
    return this.service.get(ctx.em, alias);
  }

  @Authorized('sms')
  @Mutation(() => SmsTemplateView)
  createSmsTemplate(
    @Arg('input', () => SmsTemplateInput) input: SmsTemplateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsTemplateView> {
    return this.service.create(ctx.em, { ...input });
  }

  @Authorized('sms')
  @Mutation(() => SmsTemplateView)
  updateSmsTemplate(
    @Arg('alias') alias: string,
    @Arg('input', () => SmsTemplateInput) input: SmsTemplateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsTemplateView> {
    return this.service.update(ctx.em, alias, { ...input });
  }

  @Authorized('sms')
  @Mutation(() => Boolean)
  deleteSmsTemplate(@Arg('alias') alias: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.delete(ctx.em, alias);
  }
}
