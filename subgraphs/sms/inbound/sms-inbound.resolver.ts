import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsInboundService } from './sms-inbound.service.js';

@Resolver(() => SmsMessage)
export class SmsInboundResolver {
  private readonly service = new SmsInboundService();

  @Authorized('sms')
  @Mutation(() => SmsMessage, { description: 'Sandbox: as if `from` had texted `body` to the pool number `to`' })
  receiveSandboxSms(@Arg('input', () => JSONObject) input: Record<string, unknown>, @Ctx() ctx: SubgraphContext): Promise<SmsMessage> {
    return this.service.receive(ctx.em, { from: input.from, to: input.to, body: input.body });
  }
}
