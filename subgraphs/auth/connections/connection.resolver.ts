import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { SsoConnection } from '../entities/sso-connection.entity.js';
import type { AuthDeps } from '../auth-deps.js';
import { ConnectionService } from './connection.service.js';
import { SsoConnectionInput, SsoConnectionList } from './connection.types.js';

@Resolver()
export class ConnectionResolver {
  private readonly service: ConnectionService;

  constructor(deps: AuthDeps) {
    this.service = new ConnectionService(deps);
  }

  @Authorized('auth')
  @Query(() => SsoConnectionList)
  authConnections(@Args() args: PageArgsInput, @Ctx() ctx: SubgraphContext): Promise<SsoConnectionList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('auth')
  @Query(() => SsoConnection)
  authConnection(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<SsoConnection> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('auth')
  @Query(() => SsoConnection, {
    description: 'Home-realm discovery: the connection whose domains cover the email address',
  })
  authConnectionForEmail(
    @Arg('email', () => String) email: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SsoConnection> {
    return this.service.forEmail(ctx.em, email);
  }

  @Authorized('auth')
  @Mutation(() => SsoConnection)
  createAuthConnection(
    @Arg('input', () => SsoConnectionInput) input: SsoConnectionInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SsoConnection> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('auth')
  @Mutation(() => SsoConnection, { description: 'config merges: a clientSecret only when it changes' })
  updateAuthConnection(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SsoConnectionInput) input: SsoConnectionInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SsoConnection> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('auth')
  @Mutation(() => SsoConnection)
  deleteAuthConnection(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<SsoConnection> {
    return this.service.delete(ctx.em, id);
  }
}
