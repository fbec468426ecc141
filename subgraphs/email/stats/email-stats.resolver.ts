import { Args, ArgsType, Authorized, Ctx, Field, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { EmailStatsService } from './email-stats.service.js';
import { EmailDailyStatusCount, EmailStatsList } from './email-stats.types.js';

const FROM_DATE = 'ISO 8601; messages created at or after';
const TO_DATE = 'ISO 8601; messages created at or before (a bare date includes that whole UTC day)';

@ArgsType()
class StatsListArgs extends PageArgsInput {
  @Field({ nullable: true, description: FROM_DATE })
  fromDate?: string;

  @Field({ nullable: true, description: TO_DATE })
  toDate?: string;
}

@ArgsType()
class StatusCountArgs {
  @Field({ nullable: true, description: `${FROM_DATE}; default 30 days before toDate` })
  fromDate?: string;

  @Field({ nullable: true, description: `${TO_DATE}; default now` })
  toDate?: string;
}

@Resolver()
export class EmailStatsResolver {
  private readonly service = new EmailStatsService();

  @Authorized('email')
  @Query(() => EmailStatsList, { description: 'One item per UTC day that has messages, newest first' })
  emailStats(@Args() args: StatsListArgs, @Ctx() ctx: SubgraphContext): Promise<EmailStatsList> {
    return this.service.daily(ctx.em, args);
  }

  @Authorized('email')
  @Query(() => [EmailDailyStatusCount], {
    description: 'Messages per UTC day and current status, newest day first; at most 366 days',
  })
  emailStatusCounts(@Args() args: StatusCountArgs, @Ctx() ctx: SubgraphContext): Promise<EmailDailyStatusCount[]> {
    return this.service.statusCounts(ctx.em, args);
  }
}
