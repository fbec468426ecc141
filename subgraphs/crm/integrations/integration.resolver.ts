import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import { CrmIntegrationInput } from './integration-input.types.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import type { CrmDeps } from '../crm-deps.js';
import { IntegrationService } from './integration.service.js';
import { UrlGuard } from '../../../platform/net/url-guard.js';
import { IntegrationView } from './integration.types.js';

@Resolver()
export class IntegrationResolver {
  private readonly service: IntegrationService;

  constructor(deps: CrmDeps) {
    let box: Promise<SecretBox> | undefined;
    this.service = new IntegrationService(
      () => (box ??= secretBoxFor(deps.orm, deps.config.encryptionKey, deps.logger)),
      new UrlGuard({ allowPrivate: deps.config.webhookAllowPrivate }),
    );
  }

  @Authorized('crm')
  @Query(() => [IntegrationView])
  crmIntegrations(@Ctx() ctx: SubgraphContext): Promise<IntegrationView[]> {
    return this.service.list(ctx.em);
  }

  @Authorized('crm')
  @Mutation(() => IntegrationView, {
    description:
      '{name, provider (hubspot or salesforce), baseUrl, accessToken}: contact changes and activities are pushed from now on',
  })
  connectCrmIntegration(
    @Arg('input', () => CrmIntegrationInput) input: CrmIntegrationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<IntegrationView> {
    return this.service.connect(ctx.em, input);
  }

  @Authorized('crm')
  @Mutation(() => Boolean)
  disconnectCrmIntegration(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.disconnect(ctx.em, id);
  }
}
