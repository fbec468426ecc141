import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

/** What the provider says about a person it signs in. */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** A change to the ID token the token endpoint returns: `resign` keeps a valid signature, otherwise the signature breaks. */
export type IdTokenTamper = { claims: Record<string, unknown>; resign: boolean };

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login interaction signs in (by its `sub`). */
  loginAs(sub: string, account: TestAccount): void;
  /** Applies to the next token responses until cleared (null). */
  tamper: IdTokenTamper | null;
  /** Authorization codes the provider redeemed. */
  redeemed: number;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider, the certified Node implementation) on loopback, with one confidential
 * client registered for `redirectUri`. Its login interaction signs in whoever `loginAs` named, without a form; grants
 * are given without a consent screen. A Koa middleware can rewrite the ID token of a token response (tampered
 * signature, another nonce or audience re-signed with the provider's own key), to prove the client checks them.
 */
export async function startOidcTestProvider(redirectUri: string): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let nextLogin = '';
  const clientId = 'platform-sso-test';
  const clientSecret = 'a-client-secret-of-the-test-provider-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false, // the claims go into the ID token itself, as most enterprise IdPs do
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
  });
  const state: OidcTestProvider = {
    issuer,
    clientId,
    clientSecret,
    tamper: null,
    redeemed: 0,
    loginAs(sub, account) {
      accounts.set(sub, account);
      nextLogin = sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const signingKey = await importJWK(jwk, 'RS256');
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && ctx.status === 200 && body?.id_token) {
      state.redeemed++;
      if (state.tamper) body.id_token = await rewrite(body.id_token, state.tamper);
    }
  });
  const rewrite = async (token: string, tamper: IdTokenTamper) => {
    const claims = { ...decodeJwt(token), ...tamper.claims };
    if (!tamper.resign) {
      const [header, , signature] = token.split('.');
      return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    }
    return new SignJWT(claims).setProtectedHeader(decodeProtectedHeader(token) as never).sign(signingKey);
  };
  const oidc = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider
        .interactionFinished(req, res, { login: { accountId: nextLogin } }, { mergeWithLastSubmission: false })
        .catch((error: Error) => {
          res.statusCode = 500;
          res.end(error.message);
        });
      return;
    }
    oidc(req, res);
  });
  return state;
}
