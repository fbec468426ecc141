import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmActivityInput } from './activity-input.types.js';
import { CrmPageArgs } from '../shared/crm-page.js';
import { ActivityService } from './activity.service.js';
import { ActivityList, ActivityProvisional } from './activity.types.js';

@ArgsType()
class ActivityListArgs extends CrmPageArgs {
  @Field(() => ID, { description: 'Contact: numeric id, ctc_ external id or email' })
  contactId!: string;

  @Field({ nullable: true })
  type?: string;

  @Field({ nullable: true, description: 'CRM, SUPPORT or INTEGRATION' })
  module?: string;

  @Field({ nullable: true })
  from?: string;

  @Field({ nullable: true })
  to?: string;
}

@Resolver()
export class ActivityResolver {
  private readonly service = new ActivityService();

  @Authorized('crm')
  @Query(() => ActivityList, { description: "A contact's activities, newest first" })
  contactActivities(
    @Args() { contactId, ...args }: ActivityListArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ActivityList> {
    return this.service.list(ctx.em, contactId, args);
  }

  @Authorized('crm')
  @Mutation(() => ActivityProvisional, { description: '{type, content, properties}; accepted asynchronously (202)' })
  logContactActivity(
    @Arg('contactId', () => ID) contactId: string,
    @Arg('input', () => CrmActivityInput) input: CrmActivityInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ActivityProvisional> {
    return this.service.create(ctx.em, contactId, input);
  }
}
