import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { User } from '../entities/user.entity.js';
import { RequestInfo } from '../shared/request-info.js';
import type { AuthDeps } from '../auth-deps.js';
import { UserService } from './user.service.js';
import { CreateUserInput, UpdateUserInput, UserList, UserListArgs } from './user.types.js';

@Resolver(() => User)
export class UserResolver {
  private readonly service: UserService;

  constructor(deps: AuthDeps) {
    this.service = new UserService(deps);
  }

  @Authorized('auth')
  @Query(() => UserList, {
    description: 'Users, newest first (count default 50, max 100); deleted users only with status DELETED',
  })
  authUsers(@Args() args: UserListArgs, @Ctx() ctx: SubgraphContext): Promise<UserList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('auth')
  @Query(() => User)
  authUser(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<User> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('auth')
  @Mutation(() => User, { description: 'PENDING_VERIFICATION unless emailVerified; 409 CONFLICT for a taken address' })
  createAuthUser(
    @Arg('input', () => CreateUserInput) input: CreateUserInput,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.service.create(ctx.em, input, client);
  }

  @Authorized('auth')
  @Mutation(() => User, { description: 'profile merges, metadata replaces' })
  updateAuthUser(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateUserInput) input: UpdateUserInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('auth')
  @Mutation(() => User, { description: 'Soft delete (status DELETED); ends the sessions; user.deleted' })
  deleteAuthUser(
    @Arg('id', () => ID) id: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.service.delete(ctx.em, id, client);
  }

  @Authorized('auth')
  @Mutation(() => User, { description: 'BLOCKED: sign-in answers USER_BLOCKED, sessions end; user.blocked' })
  blockAuthUser(
    @Arg('id', () => ID) id: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.service.block(ctx.em, id, client);
  }

  @Authorized('auth')
  @Mutation(() => User, { description: 'Back to ACTIVE (PENDING_VERIFICATION if never verified)' })
  unblockAuthUser(
    @Arg('id', () => ID) id: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.service.unblock(ctx.em, id, client);
  }
}
