import { Arg, Args, ArgsType, Authorized, Ctx, Field, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { EmailSuppression } from '../entities/email-suppression.entity.js';
import { EmailSuppressionService } from './email-suppression.service.js';
import { EmailSuppressionList } from './email-suppression.types.js';

@ArgsType()
class SuppressionListArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'HARD_BOUNCE, SPAM_COMPLAINT, UNSUBSCRIBE or MANUAL' })
  reason?: string;
}

@Resolver(() => EmailSuppression)
export class EmailSuppressionResolver {
  private readonly service = new EmailSuppressionService();

  @Authorized('email')
  @Query(() => EmailSuppressionList, { description: 'Suppressed addresses, newest first' })
  emailSuppressions(@Args() args: SuppressionListArgs, @Ctx() ctx: SubgraphContext): Promise<EmailSuppressionList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('email')
  @Mutation(() => EmailSuppression, {
    description: 'Adds an address; an address already suppressed comes back unchanged',
  })
  addEmailSuppression(
    @Arg('email') email: string,
    @Arg('reason', () => String, {
      nullable: true,
      description: 'HARD_BOUNCE, SPAM_COMPLAINT, UNSUBSCRIBE or MANUAL (default)',
    })
    reason: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailSuppression> {
    return this.service.add(ctx.em, email, reason);
  }

  @Authorized('email')
  @Mutation(() => Boolean, { description: 'Lets the address receive mail again; NOT_FOUND when it was not suppressed' })
  removeEmailSuppression(@Arg('email') email: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, email);
  }
}
