import { startAuthPlatform, tokenFromEmail, type AuthTestPlatform } from './helpers/auth-platform.js';
import { executeEntities } from './helpers/entities.js';

/** Self-signed, CN=idp.example.com, valid for 100 years (openssl req -x509 -newkey rsa:2048 -days 36500). */
const IDP_CERT = `-----BEGIN CERTIFICATE-----
MIIDFzCCAf+gAwIBAgIUWRnxFa2dJM0AUEirZBNYWkRUEvwwDQYJKoZIhvcNAQEL
BQAwGjEYMBYGA1UEAwwPaWRwLmV4YW1wbGUuY29tMCAXDTI2MTEyMjA2MDUwMVoY
DzIxMjYxMDI5MDYwNTAxWjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wggEi
MA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCRL+IeSM+IhkJ/bCQstMIKN8Pu
loJ4vMtCpiXeBkDp6p9x4aHPI14Cl4E8WChsNkMxZrNHf15YqHTmTy1bs+tu8eIm
scVvWiTKTd2IWFNzyY40pDd1Sz3/rarlBPXSFGFj5sfijuvdrATmC/kbCM++O5L1
rvmK3B5b9ohO8iENE+KiQvdctv6qxTOWrewRs2tBgPkcX5mo/J6KIEIDfed5aD7D
jzghBJ6IE2umHILthiFeEV0FT6uf8A8mNp4jfvJxXrZ+3xgFeVioDNLKhWjo+vwB
5al92tsCPDsUbpRUUrUWfXadgLg2iuDCTxlZLS2+jmRH91ggw7++2rTHuJXpAgMB
AAGjUzBRMB0GA1UdDgQWBBQ6eWvuZrJ23gkNfkvIhRGTEk4GODAfBgNVHSMEGDAW
gBQ6eWvuZrJ23gkNfkvIhRGTEk4GODAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3
DQEBCwUAA4IBAQAukrxSGqoBwEXi3XGXqhjZzb2fjczgDll+my6/NbJL13CvyzYC
0O/KyaY/meX3RN901ZQZCBG9askkEfOwgPDJDsyrKH/AeRVjAMU53Plz7PZtmOye
3mGkqS788AT81IaLpo9nQ4T/3NWRBqAZ3o/VbrGAOG+bYEFUmYyRk8rcpT8V4sYm
DleOrTIDzNC602iHhcYCCV8hV091zvZ1r8hYiths3q1UCYvrLBcgzbcBIM0M4LJ4
31A9eyFzIlv0YqpxI47Izc5X6tweb1uV5EBRfEmzv8c8OFTMtY0oEYxl2LudRIPx
MDtGYvnhHCj2jct+livVhC4UjC59+w4xWdPJ
-----END CERTIFICATE-----
`;

describe('auth applications, SSO connections, organizations, members, invitations and dashboards through the stack', () => {
  let t: AuthTestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-resources');
    other = await t.key('auth-resources-other');
  });
  afterAll(() => t.stop());

  describe('applications', () => {
    it('should create an SPA without a secret, and a WEB app whose secret is shown once and rotates', async () => {
      const spa = await t.request('POST', '/auth/applications', {
        key,
        body: {
          name: 'My SPA',
          type: 'SPA',
          redirectUris: ['https://app.example.com/callback', 'http://localhost:3000/cb'],
          allowedOrigins: ['https://app.example.com'],
          grantTypes: ['AUTHORIZATION_CODE', 'REFRESH_TOKEN'],
        },
      });
      expect(spa.status).toBe(201);
      expect(spa.body.data).toMatchObject({
        id: expect.stringMatching(/^app_/),
        type: 'SPA',
        clientId: expect.stringMatching(/^[0-9a-f]{32}$/),
        clientSecret: null,
        secretLast4: null,
        grantTypes: ['AUTHORIZATION_CODE', 'REFRESH_TOKEN'],
      });
      expect((await t.request('POST', `/auth/applications/${spa.body.data.id}/rotate-secret`, { key })).status).toBe(
        400,
      );
      const web = await t.request('POST', '/auth/applications', {
        key,
        body: { name: 'Backend', type: 'WEB', redirectUris: ['https://example.com/cb'] },
      });
      const secret = web.body.data.clientSecret;
      expect(secret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
      expect(web.body.data.secretLast4).toBe(secret.slice(-4));
      const got = await t.request('GET', `/auth/applications/${web.body.data.id}`, { key });
      expect(got.text).not.toContain(secret);
      const rotated = await t.request('POST', `/auth/applications/${web.body.data.id}/rotate-secret`, { key });
      expect(rotated.body.data.clientSecret).toMatch(/^cs_/);
      expect(rotated.body.data.clientSecret).not.toBe(secret);
      const list = await t.request('GET', '/auth/applications', { key });
      expect(list.body.meta.total).toBe(2);
      const patched = await t.request('PATCH', `/auth/applications/${spa.body.data.id}`, {
        key,
        body: { name: 'Renamed' },
      });
      expect(patched.body.data).toMatchObject({
        name: 'Renamed',
        redirectUris: ['https://app.example.com/callback', 'http://localhost:3000/cb'],
      });
      expect((await t.request('GET', `/auth/applications/${spa.body.data.id}`, { key: other })).status).toBe(404);
      expect((await t.request('DELETE', `/auth/applications/${spa.body.data.id}`, { key })).status).toBe(200);
      expect((await t.request('GET', `/auth/applications/${spa.body.data.id}`, { key })).status).toBe(404);
    });

    it.each([
      ['an unknown type', { name: 'x', type: 'DESKTOP' }, 'type'],
      [
        'an http redirect off localhost',
        { name: 'x', type: 'SPA', redirectUris: ['http://evil.example.com/cb'] },
        'redirectUris[0]',
      ],
      [
        'a redirect with a fragment',
        { name: 'x', type: 'WEB', redirectUris: ['https://a.example.com/cb#x'] },
        'redirectUris[0]',
      ],
      [
        'an origin with a path',
        { name: 'x', type: 'SPA', allowedOrigins: ['https://a.example.com/path'] },
        'allowedOrigins[0]',
      ],
      ['client credentials on an SPA', { name: 'x', type: 'SPA', grantTypes: ['CLIENT_CREDENTIALS'] }, 'grantTypes'],
      ['an unknown grant', { name: 'x', type: 'WEB', grantTypes: ['PASSWORD'] }, 'grantTypes[0]'],
      ['no name', { type: 'WEB' }, 'name'],
    ])('should refuse %s with 400 details', async (_n, body, field) => {
      const res = await t.request('POST', '/auth/applications', { key, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field } });
    });
  });

  describe('SSO connections', () => {
    it('should keep an OIDC client secret encrypted at rest and never return it', async () => {
      const res = await t.request('POST', '/auth/connections', {
        key,
        body: {
          name: 'Okta',
          type: 'OIDC',
          provider: 'OKTA',
          config: { issuerUrl: 'https://acme.okta.com', clientId: 'abc', clientSecret: 'super-secret-value' },
          domains: ['Acme.com'],
          jitProvisioning: true,
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        id: expect.stringMatching(/^conn_/),
        type: 'OIDC',
        provider: 'OKTA',
        domains: ['acme.com'],
        jitProvisioning: true,
        config: { issuerUrl: 'https://acme.okta.com', clientId: 'abc', clientSecretSet: true },
      });
      expect(res.text).not.toContain('super-secret-value');
      const rows = await t.platform.orm.em
        .getConnection()
        .execute('select config from auth.connections where id = ?', [res.body.data.id]);
      expect(JSON.stringify(rows[0].config)).not.toContain('super-secret-value');
      const patched = await t.request('PATCH', `/auth/connections/${res.body.data.id}`, {
        key,
        body: { config: { clientId: 'def' } },
      });
      expect(patched.body.data.config).toEqual({
        issuerUrl: 'https://acme.okta.com',
        clientId: 'def',
        clientSecretSet: true,
      });
      const clash = await t.request('POST', '/auth/connections', {
        key,
        body: {
          name: 'Other',
          type: 'OIDC',
          config: { issuerUrl: 'https://x.example.com', clientId: 'a', clientSecret: 'b' },
          domains: ['acme.com'],
        },
      });
      expect(clash.status).toBe(409);
      expect((await t.request('GET', `/auth/connections/${res.body.data.id}`, { key: other })).status).toBe(404);
      const found = await t.request('GET', '/auth/connections/lookup?email=Ada@Sales.Acme.com', { key });
      expect(found.status).toBe(200);
      expect(found.body.data.id).toBe(res.body.data.id);
      expect((await t.request('GET', '/auth/connections/lookup?email=ada@other.com', { key })).status).toBe(404);
      expect((await t.request('GET', '/auth/connections/lookup?email=ada@acme.com', { key: other })).status).toBe(404);
      expect((await t.request('GET', '/auth/connections/lookup?email=nope', { key })).body.error.details).toMatchObject(
        { field: 'email' },
      );
      expect((await t.request('GET', '/auth/connections/lookup', { key })).status).toBe(400);
    });

    it('should refuse identity provider URLs the URL guard refuses: not https, credentials, a fragment, an issuer with a query', async () => {
      for (const issuerUrl of [
        'http://idp.example.com',
        'https://user:pw@idp.example.com',
        'https://idp.example.com/#x',
        'https://idp.example.com/?tenant=1',
      ]) {
        const res = await t.request('POST', '/auth/connections', {
          key,
          body: {
            name: 'Bad',
            type: 'OIDC',
            config: { issuerUrl, clientId: 'a', clientSecret: 'b' },
            domains: ['bad-url.example'],
          },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field: 'config.issuerUrl' });
      }
      expect((await t.request('GET', '/auth/connections/lookup?email=a@bad-url.example', { key })).status).toBe(404);
    });

    it('should validate a SAML certificate as X.509 and show its facts', async () => {
      const res = await t.request('POST', '/auth/connections', {
        key,
        body: {
          name: 'Azure',
          type: 'SAML',
          provider: 'AZURE_AD',
          config: {
            idpEntityId: 'https://sts.windows.net/x/',
            ssoUrl: 'https://login.microsoftonline.com/x/saml2',
            idpCertificate: IDP_CERT,
          },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.config.certificate).toEqual({
        subject: 'CN=idp.example.com',
        validFrom: expect.any(String),
        validTo: expect.any(String),
        fingerprint256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      });
      const bare = IDP_CERT.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
      expect(
        (
          await t.request('POST', '/auth/connections', {
            key,
            body: {
              name: 'Bare',
              type: 'SAML',
              config: { idpEntityId: 'e', ssoUrl: 'https://idp.example.com/sso', idpCertificate: bare },
            },
          })
        ).status,
      ).toBe(201);
      const bad = await t.request('POST', '/auth/connections', {
        key,
        body: {
          name: 'Bad',
          type: 'SAML',
          config: {
            idpEntityId: 'e',
            ssoUrl: 'https://idp.example.com/sso',
            idpCertificate: '-----BEGIN CERTIFICATE-----\nnot a cert\n-----END CERTIFICATE-----',
          },
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.field).toBe('config.idpCertificate');
      const list = await t.request('GET', '/auth/connections', { key });
      expect(list.body.data.length).toBeGreaterThanOrEqual(3);
      expect((await t.request('DELETE', `/auth/connections/${res.body.data.id}`, { key })).status).toBe(200);
    });

    it.each([
      ['an unknown type', { name: 'x', type: 'LDAP', config: {} }, 'type'],
      [
        'an http issuer',
        { name: 'x', type: 'OIDC', config: { issuerUrl: 'http://idp.example.com', clientId: 'a', clientSecret: 'b' } },
        'config.issuerUrl',
      ],
      [
        'a missing client secret',
        { name: 'x', type: 'OIDC', config: { issuerUrl: 'https://idp.example.com', clientId: 'a' } },
        'config.clientSecret',
      ],
      ['a SAML key on OIDC', { name: 'x', type: 'OIDC', config: { ssoUrl: 'https://a.example.com' } }, 'config.ssoUrl'],
      [
        'a bad domain',
        {
          name: 'x',
          type: 'OIDC',
          config: { issuerUrl: 'https://idp.example.com', clientId: 'a', clientSecret: 'b' },
          domains: ['not a domain'],
        },
        'domains[0]',
      ],
      [
        'an unknown provider',
        {
          name: 'x',
          type: 'OIDC',
          provider: 'MYSPACE',
          config: { issuerUrl: 'https://idp.example.com', clientId: 'a', clientSecret: 'b' },
        },
        'provider',
      ],
      ['config that is not an object', { name: 'x', type: 'SAML', config: 'yes' }, 'config'],
    ])('should refuse %s with 400 details', async (_n, body, field) => {
      const res = await t.request('POST', '/auth/connections', { key, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field } });
    });
  });

  describe('organizations, members and invitations', () => {
    it('should create, list, update and delete organizations, with unique slugs (409)', async () => {
      const res = await t.request('POST', '/auth/organizations', {
        key,
        body: { name: 'Acme Corp', displayName: 'ACME' },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        id: expect.stringMatching(/^org_/),
        name: 'Acme Corp',
        slug: 'acme-corp',
        displayName: 'ACME',
      });
      expect(
        (await t.request('POST', '/auth/organizations', { key, body: { name: 'Other', slug: 'acme-corp' } })).status,
      ).toBe(409);
      expect(
        (await t.request('POST', '/auth/organizations', { key: other, body: { name: 'Other', slug: 'acme-corp' } }))
          .status,
      ).toBe(201);
      expect(
        (await t.request('POST', '/auth/organizations', { key, body: { name: 'x', slug: 'Bad Slug' } })).body.error
          .details.field,
      ).toBe('slug');
      const patched = await t.request('PATCH', `/auth/organizations/${res.body.data.id}`, {
        key,
        body: { displayName: 'Acme!' },
      });
      expect(patched.body.data.displayName).toBe('Acme!');
      expect((await t.request('GET', '/auth/organizations?count=101', { key })).status).toBe(400);
      expect((await t.request('GET', `/auth/organizations/${res.body.data.id}`, { key: other })).status).toBe(404);
      expect((await t.request('DELETE', `/auth/organizations/${res.body.data.id}`, { key })).status).toBe(200);
      expect((await t.request('GET', `/auth/organizations/${res.body.data.id}`, { key })).status).toBe(404);
    });

    it('should add, list and remove members with roles', async () => {
      const org = (await t.request('POST', '/auth/organizations', { key, body: { name: 'Members Inc' } })).body.data;
      const user = (await t.request('POST', '/auth/users', { key, body: { email: 'member@example.com' } })).body.data;
      const added = await t.request('POST', `/auth/organizations/${org.id}/members`, {
        key,
        body: { userId: user.id, role: 'ADMIN' },
      });
      expect(added.status).toBe(201);
      expect(added.body.data).toMatchObject({ organizationId: org.id, userId: user.id, role: 'ADMIN' });
      expect(
        (await t.request('POST', `/auth/organizations/${org.id}/members`, { key, body: { userId: user.id } })).status,
      ).toBe(409);
      expect(
        (await t.request('POST', `/auth/organizations/${org.id}/members`, { key, body: { userId: 'user_nope' } }))
          .status,
      ).toBe(404);
      expect(
        (
          await t.request('POST', `/auth/organizations/${org.id}/members`, {
            key,
            body: { userId: user.id, role: 'KING' },
          })
        ).body.error.details,
      ).toMatchObject({ field: 'role', expected: ['OWNER', 'ADMIN', 'MEMBER'] });
      const list = await t.request('GET', `/auth/organizations/${org.id}/members`, { key });
      expect(list.body.data).toEqual([expect.objectContaining({ userId: user.id, role: 'ADMIN' })]);
      expect((await t.request('DELETE', `/auth/organizations/${org.id}/members/${user.id}`, { key })).status).toBe(200);
      expect((await t.request('GET', `/auth/organizations/${org.id}/members`, { key })).body.data).toEqual([]);
      expect((await t.request('DELETE', `/auth/organizations/${org.id}/members/${user.id}`, { key })).status).toBe(404);
    });

    it('should email an invitation whose token creates a verified user and the membership, once', async () => {
      const org = (await t.request('POST', '/auth/organizations', { key, body: { name: 'Invites Ltd' } })).body.data;
      const invited = await t.request('POST', `/auth/organizations/${org.id}/invitations`, {
        key,
        body: { email: 'Newbie@example.com', role: 'MEMBER' },
      });
      expect(invited.status).toBe(201);
      expect(invited.body.data).toMatchObject({
        id: expect.stringMatching(/^inv_/),
        organizationId: org.id,
        email: 'newbie@example.com',
        role: 'MEMBER',
        status: 'PENDING',
      });
      const token = await tokenFromEmail(t, 'newbie@example.com', /invited to join Invites Ltd/);
      const accepted = await t.request('POST', '/auth/invitations/accept', {
        key,
        body: { token, password: 'a fine passphrase' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({
        invitation: { status: 'ACCEPTED' },
        member: { organizationId: org.id, role: 'MEMBER' },
        user: { email: 'newbie@example.com', emailVerified: true, status: 'ACTIVE' },
      });
      expect(
        (
          await t.request('POST', '/auth/sign-in', {
            key,
            body: { email: 'newbie@example.com', password: 'a fine passphrase' },
          })
        ).status,
      ).toBe(200);
      expect((await t.request('POST', '/auth/invitations/accept', { key, body: { token } })).body.error.code).toBe(
        'INVALID_TOKEN',
      );
      expect(
        (await t.request('POST', `/auth/organizations/${org.id}/invitations`, { key, body: { email: 'nope' } })).status,
      ).toBe(400);
    });
  });

  describe('dashboards (GraphQL)', () => {
    it('should count sign-ins per day and MFA adoption', async () => {
      const k = await t.key('auth-dash');
      await t.request('POST', '/auth/users', {
        key: k,
        body: { email: 'dash@example.com', password: 'correct horse battery' },
      });
      await t.request('POST', '/auth/sign-in', {
        key: k,
        body: { email: 'dash@example.com', password: 'correct horse battery' },
      });
      await t.request('POST', '/auth/sign-in', {
        key: k,
        body: { email: 'dash@example.com', password: 'wrong password!' },
      });
      const today = t.clock.now().toISOString().slice(0, 10);
      const res = await t.graphql(
        k,
        `{ authSignInsPerDay(fromDate: "${today}", toDate: "${today}") { date successes failures activeUsers } authMfaAdoption { users withMfa rate } authSignInFailures { reason count } }`,
      );
      expect(res.body.errors).toBeUndefined();
      // Rows are stamped with the module clock; the audit log uses it too.
      expect(res.body.data.authSignInsPerDay).toEqual([{ date: today, successes: 1, failures: 1, activeUsers: 1 }]);
      expect(res.body.data.authMfaAdoption).toEqual({ users: 1, withMfa: 0, rate: 0 });
      expect(res.body.data.authSignInFailures).toEqual([{ reason: 'INVALID_PASSWORD', count: 1 }]);
      const bad = await t.graphql(k, '{ authSignInsPerDay(fromDate: "2020-01-01", toDate: "2026-01-01") { date } }');
      expect(bad.body.errors[0].extensions.code).toBe('INVALID_REQUEST');
    });

    it('should resolve User as a federation entity through _entities, only within the organization', async () => {
      const user = (await t.request('POST', '/auth/users', { key, body: { email: 'entity@example.com' } })).body.data;
      const query = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id email status } } }';
      expect(await executeEntities(t, key, query, [{ __typename: 'User', id: user.id }])).toEqual([
        { id: user.id, email: 'entity@example.com', status: 'PENDING_VERIFICATION' },
      ]);
      expect(await executeEntities(t, other, query, [{ __typename: 'User', id: user.id }])).toEqual([null]);
    });
  });
});
