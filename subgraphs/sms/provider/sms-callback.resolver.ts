import { Arg, Authorized, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PUBLIC } from '../../../platform/auth/auth-checker.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import type { SmsDeps } from '../sms-deps.js';
import { SmsCallbackService } from './sms-callback.service.js';

@ObjectType({
  description: 'What a carrier callback changed; applied false: a replay or a stale report, changed nothing',
})
class SmsCallbackResult {
  @Field()
  applied!: boolean;

  @Field(() => String, { nullable: true })
  messageId!: string | null;
}

/** The Twilio-style provider's callbacks: public, authenticated by their signature. */
@Resolver()
export class SmsCallbackResolver {
  private readonly service: SmsCallbackService;

  constructor(deps: SmsDeps) {
    this.service = new SmsCallbackService(deps);
  }

  @Authorized(PUBLIC)
  @Mutation(() => SmsCallbackResult, {
    description: 'Provider status callback (form fields as sent, X-Twilio-Signature)',
  })
  smsStatusCallback(
    @Arg('params', () => JSONObject) params: Record<string, string>,
    @Arg('signature', () => String, { nullable: true }) signature: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsCallbackResult> {
    return this.service.status(ctx.em, strings(params), signature);
  }

  @Authorized(PUBLIC)
  @Mutation(() => SmsCallbackResult, {
    description: 'Provider inbound-message callback (form fields as sent, X-Twilio-Signature)',
  })
  smsInboundCallback(
    @Arg('params', () => JSONObject) params: Record<string, string>,
    @Arg('signature', () => String, { nullable: true }) signature: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsCallbackResult> {
    return this.service.received(ctx.em, strings(params), signature);
  }
}

/** Form fields are strings; anything else (a hand-made GraphQL call) is dropped rather than signed over. */
function strings(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}
