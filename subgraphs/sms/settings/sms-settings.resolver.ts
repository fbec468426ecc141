import { Arg, Authorized, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { SmsSettingsService } from './sms-settings.service.js';

@ObjectType('SmsSettingsView')
export class SmsSettingsType {
  @Field()
  enabled!: boolean;

  @Field(() => [Int])
  approvedPoolTemplateIds!: number[];
}

@InputType()
export class SmsSettingsInput {
  @Field({ nullable: true })
  enabled?: boolean;

  @Field(() => [Int], { nullable: true })
  approvedPoolTemplateIds?: number[];
}

@Resolver(() => SmsSettingsType)
export class SmsSettingsResolver {
  private readonly service = new SmsSettingsService();

  @Authorized('sms')
  @Query(() => SmsSettingsType)
  smsSettings(@Ctx() ctx: SubgraphContext): Promise<SmsSettingsType> {
    return this.service.get(ctx.em);
  }

  @Authorized('sms')
  @Mutation(() => SmsSettingsType, { description: 'Turns SMS on or off for the organization; approves pool templates' })
  updateSmsSettings(
    @Arg('input', () => SmsSettingsInput) input: SmsSettingsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsSettingsType> {
    return this.service.update(ctx.em, { ...input });
  }
}
