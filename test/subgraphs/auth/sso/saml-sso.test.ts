import { freePort } from '../../../helpers/free-port.js';
import { startAuthPlatform, type AuthTestPlatform } from '../helpers/auth-platform.js';
import {
  IDP_ENTITY_ID,
  IDP_SSO_URL,
  readAuthnRequest,
  samlResponse,
  wrappedResponse,
  type AuthnRequest,
  type ResponseOptions,
} from '../helpers/saml-test-idp.js';
import { IDP_CERT, OTHER_CERT, OTHER_KEY } from '../helpers/saml-test-keys.js';
import { TestBrowser } from '../helpers/test-browser.js';

const APP_CALLBACK = 'http://localhost:5998/callback';

describe('SAML 2.0 single sign-on (@node-saml/node-saml) against an IdP made in the test (xml-crypto signatures)', () => {
  let t: AuthTestPlatform;
  let key: string;
  let appId: string;
  let connection: { id: string };
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    t = await startAuthPlatform({}, { PORT: String(port), PUBLIC_URL: publicUrl, WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('sso-saml');
    appId = (
      await t.request('POST', '/auth/applications', {
        key,
        body: { name: 'Acme', type: 'WEB', redirectUris: [APP_CALLBACK] },
      })
    ).body.data.id;
    connection = (
      await t.request('POST', '/auth/connections', {
        key,
        body: {
          name: 'Acme SAML',
          type: 'SAML',
          provider: 'OKTA',
          domains: ['saml.test'],
          jitProvisioning: true,
          config: { idpEntityId: IDP_ENTITY_ID, ssoUrl: IDP_SSO_URL, idpCertificate: IDP_CERT },
        },
      })
    ).body.data;
  });
  afterAll(() => t.stop());

  const acsUrl = () => `${publicUrl}/auth/sso/saml/acs`;
  const spEntityId = (id = connection.id) => `${publicUrl}/auth/sso/saml/${id}/metadata`;

  /** Starts a sign-in in `browser`: the AuthnRequest the IdP would receive. */
  async function start(browser: TestBrowser, connectionId = connection.id): Promise<AuthnRequest> {
    const res = await browser.request(
      `${t.url}/auth/sso/authorize?${new URLSearchParams({ applicationId: appId, redirectUri: APP_CALLBACK, state: 'saml-state', connectionId })}`,
    );
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${IDP_SSO_URL}?SAMLRequest=`)).toBe(true);
    return readAuthnRequest(location);
  }

  const responseFor = (request: AuthnRequest, overrides: Partial<ResponseOptions> = {}): ResponseOptions => ({
    inResponseTo: request.id,
    acsUrl: request.acsUrl,
    audience: request.issuer,
    nameId: 'grace@saml.test',
    attributes: { email: 'grace@saml.test', firstName: 'Grace', lastName: 'Hopper' },
    ...overrides,
  });

  /** The IdP's auto-submitted form, posted by `browser`, then the redirects up to the application. */
  async function post(browser: TestBrowser, request: AuthnRequest, SAMLResponse: string): Promise<URL> {
    const { stoppedAt } = await browser.follow(acsUrl(), APP_CALLBACK, {
      form: { SAMLResponse, RelayState: request.relayState },
    });
    expect(stoppedAt).not.toBeNull();
    return stoppedAt!;
  }

  const redeem = (code: string) => t.request('POST', '/auth/sso/token', { key, body: { code } });
  const users = async (search: string) =>
    (await t.request('GET', `/auth/users?search=${encodeURIComponent(search)}`, { key })).body.data;

  it('should send an HTTP-Redirect AuthnRequest for our entity ID and ACS, accept a response with a signed assertion and sign the user in (JIT)', async () => {
    const browser = new TestBrowser();
    const request = await start(browser);
    expect(request).toMatchObject({
      issuer: spEntityId(),
      acsUrl: acsUrl(),
      destination: IDP_SSO_URL,
      id: expect.stringMatching(/^_/),
    });
    const ended = await post(browser, request, samlResponse(responseFor(request)));
    expect(ended.searchParams.get('state')).toBe('saml-state');
    const res = await redeem(ended.searchParams.get('code')!);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user: {
        email: 'grace@saml.test',
        status: 'ACTIVE',
        emailVerified: true,
        ssoConnectionId: connection.id,
        profile: { firstName: 'Grace', lastName: 'Hopper' },
      },
      profile: {
        connectionType: 'SAML',
        connectionId: connection.id,
        idpId: 'grace@saml.test',
        email: 'grace@saml.test',
        attributes: { email: 'grace@saml.test' },
      },
    });
    expect(browser.visited).toContain(`${publicUrl}/auth/sso/saml/continue?flow=${request.relayState.split('.')[0]}`);
  });

  it('should accept a signature over the whole response instead of the assertion', async () => {
    const browser = new TestBrowser();
    const request = await start(browser);
    const ended = await post(
      browser,
      request,
      samlResponse(
        responseFor(request, { sign: 'response', nameId: 'linus@saml.test', attributes: { email: 'linus@saml.test' } }),
      ),
    );
    expect(ended.searchParams.get('code')).toMatch(/^sic_/);
  });

  it.each([
    ['an unsigned response', { sign: 'none' as const }, /signature/i],
    ['a response signed by another key', { key: OTHER_KEY, cert: OTHER_CERT }, /signature/i],
    ['a response for another audience', { audience: 'https://other-sp.example/metadata' }, /audience/i],
    ['a response for another Destination', { destination: 'https://other-sp.example/acs' }, /Destination/],
    ['an expired assertion', { validForSeconds: -600 }, /expired|no valid subject confirmation/i],
    ['an assertion from another issuer', { issuer: 'https://evil-idp.example' }, /issuer/i],
  ])('should refuse %s: an error for the redirect URI and nobody signed in', async (_name, overrides, message) => {
    const browser = new TestBrowser();
    const request = await start(browser);
    const ended = await post(
      browser,
      request,
      samlResponse(
        responseFor(request, { nameId: 'mallory@saml.test', attributes: { email: 'mallory@saml.test' }, ...overrides }),
      ),
    );
    expect(ended.searchParams.get('error')).toBe('invalid_response');
    expect(ended.searchParams.get('error_description')).toMatch(message);
    expect(ended.searchParams.get('code')).toBeNull();
    expect(await users('mallory@saml.test')).toEqual([]);
  });

  it('should refuse signature wrapping: a signed assertion moved aside and a forged one in its place', async () => {
    const browser = new TestBrowser();
    const request = await start(browser);
    const genuine = responseFor(request, { nameId: 'intern@saml.test', attributes: { email: 'intern@saml.test' } });
    const forged = responseFor(request, { nameId: 'ceo@saml.test', attributes: { email: 'ceo@saml.test' } });
    const ended = await post(browser, request, wrappedResponse(genuine, forged));
    expect(ended.searchParams.get('error')).toBe('invalid_response');
    expect(await users('ceo@saml.test')).toEqual([]);
    expect(await users('intern@saml.test')).toEqual([]);
  });

  it('should refuse a response to another sign-in (InResponseTo), a replayed response and a replayed assertion id', async () => {
    const browser = new TestBrowser();
    const first = await start(browser);
    const second = await start(browser);
    const crossed = await post(browser, second, samlResponse(responseFor(first)));
    expect(crossed.searchParams.get('error')).toBe('invalid_response');
    expect(crossed.searchParams.get('error_description')).toMatch(/InResponseTo/);

    const good = samlResponse(responseFor(first, { assertionId: '_fixed-assertion-id-1' }));
    expect((await post(browser, first, good)).searchParams.get('code')).toMatch(/^sic_/);
    expect((await post(browser, first, good)).searchParams.get('error')).toBe('replayed');

    const third = await start(browser);
    const sameAssertion = await post(
      browser,
      third,
      samlResponse(responseFor(third, { assertionId: '_fixed-assertion-id-1' })),
    );
    expect(sameAssertion.searchParams.get('error')).toBe('replayed');
    expect(sameAssertion.searchParams.get('error_description')).toMatch(/assertion was already used/);
  });

  it('should sign nobody in when the response is posted by a browser that did not start the sign-in (login CSRF)', async () => {
    const attacker = new TestBrowser();
    const request = await start(attacker);
    const victim = new TestBrowser();
    const ended = await post(
      victim,
      request,
      samlResponse(responseFor(request, { nameId: 'attacker@saml.test', attributes: { email: 'attacker@saml.test' } })),
    );
    expect(ended.searchParams.get('error')).toBe('browser_mismatch');
    expect(await users('attacker@saml.test')).toEqual([]);
  });

  it('should publish SP metadata per connection and test the SAML configuration', async () => {
    const metadata = await fetch(`${t.url}/auth/sso/saml/${connection.id}/metadata`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${spEntityId()}"`);
    expect(xml).toContain(`Location="${acsUrl()}"`);
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect((await fetch(`${t.url}/auth/sso/saml/conn_doesnotexist/metadata`)).status).toBe(404);

    const tested = await t.request('POST', `/auth/connections/${connection.id}/test`, { key });
    expect(tested.body.data.ok).toBe(true);
    expect(tested.body.data.checks).toEqual(
      expect.arrayContaining([
        { name: 'certificate', ok: true, message: expect.stringContaining('valid until') },
        { name: 'service_provider', ok: true, message: expect.stringContaining(acsUrl()) },
      ]),
    );
  });
});
