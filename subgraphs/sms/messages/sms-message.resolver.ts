import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { selectedProperties } from '../../../platform/graphql/selected-properties.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsMessageService } from './sms-message.service.js';
import { SmsMessageList, SmsSendResult } from './sms-message.types.js';
import { SendSmsInput } from './send-sms.input.js';
import type { SmsDeps } from '../sms-deps.js';

@ArgsType()
class SmsMessageListArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'QUEUED, SENDING, SENT, DELIVERED, FAILED, UNDELIVERED, BLOCKED or RECEIVED' })
  status?: string;

  @Field({ nullable: true, description: 'OUTBOUND or INBOUND' })
  direction?: string;

  @Field({ nullable: true })
  tag?: string;

  @Field({ nullable: true, description: 'ISO 8601; created at or after' })
  fromDate?: string;

  @Field({ nullable: true, description: 'ISO 8601; created at or before' })
  toDate?: string;
}

@ArgsType()
class SmsInboundListArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'Sender, E.164' })
  fromNumber?: string;

  @Field({ nullable: true, description: 'Pool number it was sent to, E.164' })
  toNumber?: string;

  @Field({ nullable: true })
  fromDate?: string;

  @Field({ nullable: true })
  toDate?: string;
}

@Resolver(() => SmsMessage)
export class SmsMessageResolver {
  private readonly service: SmsMessageService;

  constructor(deps: SmsDeps) {
    this.service = new SmsMessageService(deps);
  }

  @Authorized('send', 'sms')
  @Mutation(() => SmsSendResult, {
    description: 'Sends one template SMS; per-message refusals (1001..1006) come back in the result',
  })
  sendSms(@Arg('input', () => SendSmsInput) input: SendSmsInput, @Ctx() ctx: SubgraphContext): Promise<SmsSendResult> {
    return this.service.send(ctx.em, ctx.auth!, input);
  }

  @Authorized('send', 'sms')
  @Mutation(() => [SmsSendResult], { description: 'Up to 500 send requests; one result per item, in order' })
  sendSmsBatch(
    @Arg('messages', () => [SendSmsInput]) messages: SendSmsInput[],
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsSendResult[]> {
    return this.service.sendBatch(ctx.em, ctx.auth!, messages);
  }

  @Authorized('sms')
  @Query(() => SmsMessageList, { description: 'Outbound and inbound messages, newest first' })
  smsMessages(
    @Args() args: SmsMessageListArgs,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SmsMessageList> {
    return this.service.list(ctx.em, args, selectedProperties(info, SmsMessage));
  }

  @Authorized('sms')
  @Query(() => SmsMessageList, { description: 'Inbound messages, newest first' })
  smsInbound(
    @Args() args: SmsInboundListArgs,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SmsMessageList> {
    return this.service.listInbound(ctx.em, args, selectedProperties(info, SmsMessage));
  }

  @Authorized('sms')
  @Query(() => SmsMessage)
  smsMessage(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<SmsMessage> {
    return this.service.get(ctx.em, id);
  }
}
