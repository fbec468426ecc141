import { Arg, Args, ArgsType, Authorized, Ctx, Field, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { SmsSuppression } from '../entities/sms-suppression.entity.js';
import { SmsSuppressionService } from './sms-suppression.service.js';
import { SmsSuppressionCheck, SmsSuppressionList } from './sms-suppression.types.js';

@ArgsType()
class SmsSuppressionListArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'MANUAL or OPT_OUT' })
  reason?: string;
}

@Resolver(() => SmsSuppression)
export class SmsSuppressionResolver {
  private readonly service = new SmsSuppressionService();

  @Authorized('sms')
  @Query(() => SmsSuppressionList, { description: 'Suppressed numbers, newest first' })
  smsSuppressions(@Args() args: SmsSuppressionListArgs, @Ctx() ctx: SubgraphContext): Promise<SmsSuppressionList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('sms')
  @Query(() => SmsSuppressionCheck)
  smsSuppression(@Arg('phoneNumber') phoneNumber: string, @Ctx() ctx: SubgraphContext): Promise<SmsSuppressionCheck> {
    return this.service.check(ctx.em, phoneNumber);
  }

  @Authorized('sms')
  @Mutation(() => SmsSuppression, {
    description: 'Adds a number (MANUAL by default); one already suppressed comes back unchanged',
  })
  addSmsSuppression(
    @Arg('phoneNumber') phoneNumber: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsSuppression> {
    return this.service.add(ctx.em, phoneNumber, reason);
  }

  @Authorized('sms')
  @Mutation(() => Boolean)
  removeSmsSuppression(@Arg('phoneNumber') phoneNumber: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, phoneNumber);
  }
}
