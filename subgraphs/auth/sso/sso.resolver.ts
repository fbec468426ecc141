import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { AuthDeps } from '../auth-deps.js';
import { RequestInfo } from '../shared/request-info.js';
import { ConnectionTestService } from './connection-test.service.js';
import { SignInCodeService } from './sign-in-code.service.js';
import { SsoFlowService } from './sso-flow.service.js';
import { ConnectionTestResult, SignInCodeResult } from './sso.types.js';

@Resolver()
export class SsoResolver {
  private readonly codes: SignInCodeService;
  private readonly tests: ConnectionTestService;

  constructor(deps: AuthDeps) {
    this.codes = new SignInCodeService(deps);
    this.tests = new ConnectionTestService(deps, deps.oidc, new SsoFlowService(deps, deps.oidc, deps.saml));
  }

  @Authorized('auth')
  @Mutation(() => SignInCodeResult, {
    description:
      'The one-time code an SSO or hosted sign-in sent to the redirect URI, for a session (once, within 60 s); MFA_REQUIRED as at sign-in',
  })
  redeemAuthSignInCode(
    @Arg('code', () => String) code: string,
    @Arg('applicationId', () => String, {
      nullable: true,
      description: 'When given, the code must have been issued for this application',
    })
    applicationId: string | null,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SignInCodeResult> {
    return this.codes.redeem(ctx.em, code, applicationId, client);
  }

  @Authorized('auth')
  @Mutation(() => ConnectionTestResult, {
    description: 'Checks an SSO connection: OIDC discovery and JWKS, or the SAML certificate and URLs',
  })
  testAuthConnection(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<ConnectionTestResult> {
    return this.tests.test(ctx.em, id);
  }
}
