import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { Application } from '../entities/application.entity.js';
import { ApplicationService } from './application.service.js';
import { ApplicationInput, ApplicationList } from './application.types.js';

@Resolver()
export class ApplicationResolver {
  private readonly service = new ApplicationService();

  @Authorized('auth')
  @Query(() => ApplicationList)
  authApplications(@Args() args: PageArgsInput, @Ctx() ctx: SubgraphContext): Promise<ApplicationList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('auth')
  @Query(() => Application)
  authApplication(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Application> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('auth')
  @Mutation(() => Application, { description: 'WEB and M2M get clientSecret in this answer only' })
  createAuthApplication(
    @Arg('input', () => ApplicationInput) input: ApplicationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Application> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('auth')
  @Mutation(() => Application)
  updateAuthApplication(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ApplicationInput) input: ApplicationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Application> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('auth')
  @Mutation(() => Application)
  deleteAuthApplication(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Application> {
    return this.service.delete(ctx.em, id);
  }

  @Authorized('auth')
  @Mutation(() => Application, { description: 'New clientSecret in this answer only; the old one stops working' })
  rotateAuthApplicationSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Application> {
    return this.service.rotateSecret(ctx.em, id);
  }
}
