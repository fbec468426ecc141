import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { SandboxSmsInput } from '../messages/send-sms.input.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsInboundService } from './sms-inbound.service.js';

@Resolver(() => SmsMessage)
export class SmsInboundResolver {
  private readonly service = new SmsInboundService();

  @Authorized('sms')
  @Mutation(() => SmsMessage, { description: 'Sandbox: as if `from` had texted `body` to the pool number `to`' })
  receiveSandboxSms(
    @Arg('input', () => SandboxSmsInput) input: SandboxSmsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsMessage> {
    return this.service.receive(ctx.em, { from: input.from, to: input.to, body: input.body });
  }
}
