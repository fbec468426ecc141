import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { selectedProperties } from '../../../platform/graphql/selected-properties.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import { EmailMessageService } from './email-message.service.js';
import { EmailMessageList, SendEmailBatchItem, SendEmailInput, SendEmailResult } from './email-message.types.js';
import type { EmailDeps } from '../email-deps.js';

@ArgsType()
class MessageListArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'QUEUED, SENT, DELIVERED, BOUNCED or FAILED' })
  status?: string;

  @Field({ nullable: true, description: 'ISO 8601; messages created at or after' })
  fromDate?: string;

  @Field({ nullable: true, description: 'ISO 8601; messages created at or before' })
  toDate?: string;
}

@Resolver(() => EmailMessage)
export class EmailMessageResolver {
  private readonly service: EmailMessageService;

  constructor(deps: EmailDeps) {
    this.service = new EmailMessageService(deps);
  }

  @Authorized('email')
  @Query(() => EmailMessageList, { description: 'Messages, newest first' })
  emailMessages(
    @Args() args: MessageListArgs,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<EmailMessageList> {
    return this.service.list(ctx.em, args, selectedProperties(info, EmailMessage));
  }

  @Authorized('email')
  @Query(() => EmailMessage)
  emailMessage(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<EmailMessage> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('send', 'email')
  @Mutation(() => SendEmailResult, { description: 'Queues one email; the answer is {messageId, status: QUEUED}' })
  sendEmail(
    @Arg('input', () => SendEmailInput) input: SendEmailInput,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SendEmailResult> {
    return this.service.send(ctx.em, ctx.auth!, { ...input }, idempotencyKey);
  }

  @Authorized('send', 'email')
  @Mutation(() => [SendEmailBatchItem], { description: 'Up to 500 send bodies; one result per item, in order' })
  sendEmailBatch(
    @Arg('emails', () => [JSONObject]) emails: unknown[],
    @Ctx() ctx: SubgraphContext,
  ): Promise<SendEmailBatchItem[]> {
    return this.service.sendBatch(ctx.em, ctx.auth!, emails);
  }
}
