import { Args, ArgsType, Authorized, Ctx, Field, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { EmailBounceService } from './email-bounce.service.js';
import { EmailBounceList } from './email-bounce.types.js';

@ArgsType()
class BounceListArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'hard or soft' })
  type?: string;

  @Field({ nullable: true, description: 'ISO 8601; bounced at or after' })
  fromDate?: string;

  @Field({ nullable: true, description: 'ISO 8601; bounced at or before' })
  toDate?: string;
}

@Resolver()
export class EmailBounceResolver {
  private readonly service = new EmailBounceService();

  @Authorized('email')
  @Query(() => EmailBounceList, { description: 'Bounced messages, newest bounce first' })
  emailBounces(@Args() args: BounceListArgs, @Ctx() ctx: SubgraphContext): Promise<EmailBounceList> {
    return this.service.list(ctx.em, args);
  }
}
