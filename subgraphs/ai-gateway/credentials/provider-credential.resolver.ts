import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { ProviderCredentialService } from './provider-credential.service.js';
import { AiDeleted, AiProvider, AiProviderInput, AiProviderList } from './provider-credential.types.js';

@Resolver(() => AiProvider)
export class ProviderCredentialResolver {
  private readonly service: ProviderCredentialService;

  constructor(deps: AiGatewayDeps) {
    this.service = new ProviderCredentialService(deps);
  }

  @Authorized('ai')
  @Query(() => AiProviderList, { description: 'Stored provider credentials (the keys themselves are never returned)' })
  async aiProviders(@Ctx() ctx: SubgraphContext): Promise<AiProviderList> {
    return { data: await this.service.list(ctx.em) };
  }

  @Authorized('ai')
  @Mutation(() => AiProvider, { description: 'Stores (or replaces) the credential of one provider, encrypted at rest' })
  putAiProvider(
    @Arg('provider') provider: string,
    @Arg('input') input: AiProviderInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiProvider> {
    return this.service.put(ctx.em, provider, input);
  }

  @Authorized('ai')
  @Mutation(() => AiDeleted)
  deleteAiProvider(@Arg('provider') provider: string, @Ctx() ctx: SubgraphContext): Promise<AiDeleted> {
    return this.service.remove(ctx.em, provider);
  }
}
