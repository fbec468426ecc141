import { Args, ArgsType, Authorized, Ctx, Field, ID, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { FormAnalyticsService } from './form-analytics.service.js';
import { FormAnalytics } from './form-analytics.types.js';

@ArgsType()
class AnalyticsArgs {
  @Field(() => ID, { description: 'Numeric id or uuid of the form' })
  formId!: string;

  @Field({ nullable: true, description: 'ISO 8601' })
  startDate?: string;

  @Field({ nullable: true, description: 'ISO 8601; a date covers its whole day' })
  endDate?: string;

  @Field({ nullable: true, description: 'day (default), week or month' })
  groupBy?: string;

  @Field({ nullable: true, description: 'IANA time zone of the buckets, default UTC' })
  timezone?: string;
}

@Resolver()
export class FormAnalyticsResolver {
  private readonly service = new FormAnalyticsService();

  @Authorized('forms')
  @Query(() => FormAnalytics, {
    description:
      'Summary {views, starts, completions, completionRate}, buckets by day, week or month, per-field drop-off',
  })
  formAnalytics(@Args() args: AnalyticsArgs, @Ctx() ctx: SubgraphContext): Promise<FormAnalytics> {
    return this.service.analytics(ctx.em, args.formId, args);
  }
}
