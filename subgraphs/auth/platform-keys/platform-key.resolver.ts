import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { organizationApiKeys } from '../../../platform/organizations/api-keys.port.js';
import type { AuthDeps } from '../auth-deps.js';
import { PlatformKeyService } from './platform-key.service.js';
import { CreatedPlatformKey, PlatformKeyList, PlatformOrganization } from './platform-key.types.js';
import { CreatePlatformKeyInput } from './platform-key.input.js';

/** The organization and its platform keys: a SERVER key with the `auth` scope (identities and access) manages them. */
@Resolver()
export class PlatformKeyResolver {
  private readonly service: PlatformKeyService;

  constructor(deps: AuthDeps) {
    this.service = new PlatformKeyService(organizationApiKeys(deps.apiKeyCache), deps.catalog.scopes);
  }

  @Authorized('auth')
  @Query(() => PlatformOrganization, { description: 'The organization of the calling key, with its plan' })
  organization(@Ctx() ctx: SubgraphContext): Promise<PlatformOrganization> {
    return this.service.organization(ctx.em);
  }

  @Authorized('auth')
  @Query(() => PlatformKeyList, {
    description: 'SERVER and SENDING keys of the organization, newest first (revoked ones included)',
  })
  apiKeys(
    @Arg('page', () => Int, { nullable: true, description: '1-based, default 1' }) page: number | null,
    @Arg('limit', () => Int, { nullable: true, description: 'Default 20, at most 100' }) limit: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PlatformKeyList> {
    return this.service.list(ctx.em, page ?? 1, limit ?? 20);
  }

  @Authorized('auth')
  @Mutation(() => CreatedPlatformKey, {
    description: 'A SERVER key with these scopes (each held by the calling key); the key is shown this once',
  })
  createApiKey(
    @Arg('input', () => CreatePlatformKeyInput) input: CreatePlatformKeyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CreatedPlatformKey> {
    return this.service.create(ctx.em, ctx.auth!, input);
  }

  @Authorized('auth')
  @Mutation(() => Boolean, {
    description: 'Revokes a SERVER or SENDING key; requests with it are refused from the answer on',
  })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.revoke(ctx.em, id);
  }
}
