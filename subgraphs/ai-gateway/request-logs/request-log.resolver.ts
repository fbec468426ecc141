import { Arg, Args, ArgsType, Authorized, Ctx, Field, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { RequestLogService } from './request-log.service.js';
import { AiLogSettings, AiLogSettingsInput, AiRequestLogList } from './request-log.types.js';

@ArgsType()
class AiRequestLogArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: 'The requested model' })
  model?: string | null;
}

@Resolver()
export class RequestLogResolver {
  private readonly service: RequestLogService;

  constructor(deps: AiGatewayDeps) {
    this.service = new RequestLogService(deps);
  }

  @Authorized('ai')
  @Query(() => AiLogSettings, { description: 'Whether request and response bodies are logged (off by default)' })
  aiLogSettings(@Ctx() ctx: SubgraphContext): Promise<AiLogSettings> {
    return this.service.settings(ctx.em);
  }

  @Authorized('ai')
  @Mutation(() => AiLogSettings, { description: 'Turns body logging on or off, with its retention and redaction' })
  putAiLogSettings(@Arg('input') input: AiLogSettingsInput, @Ctx() ctx: SubgraphContext): Promise<AiLogSettings> {
    return this.service.put(ctx.em, input);
  }

  @Authorized('ai')
  @Query(() => AiRequestLogList, {
    description: 'Logged requests and answers, newest first (redacted; kept retentionDays)',
  })
  aiRequestLogs(@Args() args: AiRequestLogArgs, @Ctx() ctx: SubgraphContext): Promise<AiRequestLogList> {
    return this.service.list(ctx.em, args);
  }
}
