import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PUBLIC } from '../../../platform/auth/auth-checker.js';
import { TrackingService } from './tracking.service.js';
import type { EmailDeps } from '../email-deps.js';

/** Public mutations behind the tracking pixel, rewritten links and List-Unsubscribe. The token is the credential. */
@Resolver()
export class TrackingResolver {
  private readonly service: TrackingService;

  constructor(deps: EmailDeps) {
    this.service = new TrackingService(deps);
  }

  @Authorized(PUBLIC)
  @Mutation(() => Boolean)
  recordEmailOpen(
    @Arg('token') token: string,
    @Arg('ip', () => String, { nullable: true }) ip: string | null,
    @Arg('userAgent', () => String, { nullable: true }) userAgent: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    return this.service.open(ctx.em, token, { ip, userAgent });
  }

  @Authorized(PUBLIC)
  @Mutation(() => String, { nullable: true, description: 'The original URL, or null for a bad token' })
  recordEmailClick(
    @Arg('token') token: string,
    @Arg('ip', () => String, { nullable: true }) ip: string | null,
    @Arg('userAgent', () => String, { nullable: true }) userAgent: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string | null> {
    return this.service.click(ctx.em, token, { ip, userAgent });
  }

  @Authorized(PUBLIC)
  @Mutation(() => Boolean)
  unsubscribeEmail(@Arg('token') token: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.unsubscribe(ctx.em, token);
  }
}
