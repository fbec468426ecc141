import { jest } from '@jest/globals';
import pg from 'pg';
import { EVENTS_CHANNEL } from '../../../platform/events/emit-event.js';
import { SessionResolver } from '../../../subgraphs/auth/sessions/session.resolver.js';
import { recordSentStatements, roundTrips, statementsOf, type SentStatement } from '../../helpers/sent-round-trips.js';
import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

/** Auth's statements and the outbox writes (the dispatcher's and the job store's statements are not the request's). */
const signInStatement = (text: string) => /\bauth\.|"auth"\.|insert into platform\.events/i.test(text);
const oneLine = (s: SentStatement) => s.text.replace(/\s+/g, ' ').trim();

describe('what one sign-in sends to PostgreSQL', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-sign-in-trips');
    expect(
      (
        await t.request('POST', '/auth/users', {
          key,
          body: { email: 'trips@example.com', password: PASSWORD, emailVerified: true },
        })
      ).status,
    ).toBe(201);
    await signIn({ email: 'trips@example.com', password: PASSWORD }); // prepared statements and caches warm
  });
  afterAll(() => t.stop());

  const signIn = (body: Record<string, unknown>) =>
    t.request('POST', '/auth/sign-in', { key, body: { ip: '203.0.113.7', userAgent: 'Browser/1.0', ...body } });

  /** The statements of one sign-in, with its answer. */
  async function recorded(body: Record<string, unknown>) {
    const recording = recordSentStatements();
    try {
      const res = await signIn(body);
      return { res, statements: statementsOf(recording.sent, signInStatement) };
    } finally {
      recording.stop();
    }
  }

  it('should send two statements in two round trips: one read before the hash, one write after it, no BEGIN/COMMIT', async () => {
    const { res, statements } = await recorded({ email: 'trips@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    const texts = statements.map(oneLine);
    expect(texts).toHaveLength(2);
    expect(roundTrips(statements)).toBe(2);
    expect(texts[0]).toMatch(
      /^select .* from \(select 1\) as one left join auth\.users u .* left join auth\.policies p/,
    );
    for (const table of [
      'insert into auth.sessions',
      'insert into auth.audit_logs',
      'insert into platform.events',
      'update auth.users',
    ])
      expect(texts[1]).toContain(table);
    // The write's own result: the session and user answered are the ones written, not read again.
    expect(res.body.data.user.lastSignInAt).toBe(new Date(t.clock.ms).toISOString());
  });

  it('should commit the write without NOTIFY and wake the events dispatchers after it', async () => {
    const listener = new pg.Client({ connectionString: t.platform.deps.config.databaseUrl! });
    await listener.connect();
    try {
      await listener.query(`listen ${EVENTS_CHANNEL}`);
      const woken = new Promise((resolve) => listener.once('notification', resolve));
      const { res, statements } = await recorded({ email: 'trips@example.com', password: PASSWORD });
      expect(res.status).toBe(200);
      // A commit that NOTIFYs holds the database-wide notify lock through its WAL flush: sign-ins would queue on it.
      expect(oneLine(statements[1]!)).not.toContain('pg_notify');
      await woken; // the wake-up after the commit (without it this waits until the test's timeout)
    } finally {
      await listener.end();
    }
  });

  it('should check an applicationId in the same read', async () => {
    const app = await t.request('POST', '/auth/applications', {
      key,
      body: { name: 'Trips app', type: 'SPA', redirectUris: ['https://app.example.com/callback'] },
    });
    expect(app.status).toBe(201);
    const { res, statements } = await recorded({
      email: 'trips@example.com',
      password: PASSWORD,
      applicationId: app.body.data.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.session.applicationId).toBe(app.body.data.id);
    expect(statements).toHaveLength(2);
    expect(roundTrips(statements)).toBe(2);
  });

  it('should read an unknown address with the same one statement as a known one before the hash (timing does not tell them apart)', async () => {
    const known = await recorded({ email: 'trips@example.com', password: 'not the password' });
    const unknown = await recorded({ email: 'nobody@example.com', password: 'not the password' });
    expect(known.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.body).toEqual(known.res.body);
    expect(oneLine(unknown.statements[0]!)).toBe(oneLine(known.statements[0]!));
    expect(oneLine(known.statements[0]!)).toMatch(/left join auth\.users u/);
    // After the hash each writes its failure in one statement: the count, login.failed and its event (no BEGIN/COMMIT).
    for (const failed of [known, unknown]) {
      expect(failed.statements).toHaveLength(2);
      expect(roundTrips(failed.statements)).toBe(2);
      expect(oneLine(failed.statements[1]!)).toContain('insert into auth.audit_logs');
      expect(oneLine(failed.statements[1]!)).toContain('insert into platform.events');
    }
    expect(oneLine(known.statements[1]!)).toContain('update auth.users');
  });

  describe('answered in-process (no GraphQL execution), the same answers as the signInAuthUser mutation', () => {
    const SELECTION =
      'token session { id userId applicationId ip userAgent mfaVerified createdAt lastActiveAt expiresAt revokedAt } user { id email emailVerified status profile { firstName lastName } metadata ssoConnectionId lastSignInAt lockedUntil blockedAt createdAt updatedAt }';
    const MUTATION = `mutation($input: AuthSignInInput!) { signInAuthUser(input: $input) { ${SELECTION} } }`;
    const client = { ip: '203.0.113.7', userAgent: 'Browser/1.0' };

    /** The same sign-in through REST and through /graphql, and whether the mutation's resolver ran for the REST one. */
    async function both(k: string, body: Record<string, unknown>) {
      const resolver = jest.spyOn(SessionResolver.prototype, 'signInAuthUser');
      try {
        const rest = await t.request('POST', '/auth/sign-in', { key: k, body: { ...client, ...body } });
        const restRanResolver = resolver.mock.calls.length > 0;
        const gql = await t.graphql(k, MUTATION, { input: { ...client, ...body } });
        expect(resolver).toHaveBeenCalled(); // the spy sees the resolver when it runs
        return { rest, gql, restRanResolver };
      } finally {
        resolver.mockRestore();
      }
    }

    /** The REST error against the mutation's first error: status, code, message and details. */
    function sameError({ rest, gql }: Awaited<ReturnType<typeof both>>, code: string) {
      const [error] = gql.body.errors;
      expect(rest.body.success).toBe(false);
      expect(rest.body.error.code).toBe(code);
      expect(error.extensions.code).toBe(code);
      expect(rest.status).toBe(error.extensions.http.status);
      expect(rest.body.error.message).toBe(error.message);
      // REST shows no secret back (a password's `received` is its length), through the gateway as well.
      const { received: _r, ...restDetails } = rest.body.error.details ?? {};
      const { received: _g, ...gqlDetails } = error.extensions.details ?? {};
      expect(restDetails).toEqual(gqlDetails);
      if (rest.body.error.details?.field !== 'password')
        expect(rest.body.error.details?.received).toEqual(error.extensions.details?.received);
    }

    const user = async (k: string, email: string) =>
      expect(
        (await t.request('POST', '/auth/users', { key: k, body: { email, password: PASSWORD, emailVerified: true } }))
          .status,
      ).toBe(201);

    it('should answer a sign-in with the same session and user (all but the new token and session id)', async () => {
      const k = await t.key('auth-local-ok');
      await user(k, 'local@example.com');
      const { rest, gql, restRanResolver } = await both(k, { email: 'local@example.com', password: PASSWORD });
      expect(restRanResolver).toBe(false);
      expect(rest.status).toBe(200);
      const fromRest = rest.body.data;
      const fromGraphql = gql.body.data.signInAuthUser;
      expect(fromRest.token).toMatch(/^sess_/);
      expect(fromRest.session.id).not.toBe(fromGraphql.session.id);
      // updated_at is stamped with the wall clock (the rest with the test clock), so it differs between the two.
      const comparable = (d: { token: string; session: { id: string }; user: { updatedAt: string } }) => ({
        ...d,
        token: 'token',
        session: { ...d.session, id: 'id' },
        user: { ...d.user, updatedAt: new Date(d.user.updatedAt).toISOString() === d.user.updatedAt },
      });
      expect(comparable(fromRest)).toEqual(comparable(fromGraphql));
      expect(typeof fromRest.session.createdAt).toBe('string');
      // Both sessions are real: each verifies.
      for (const token of [fromRest.token, fromGraphql.token])
        expect((await t.request('POST', '/auth/sessions/verify', { key: k, body: { token } })).status).toBe(200);
    });

    it('should refuse a wrong password, an unknown address and an unknown application alike', async () => {
      const k = await t.key('auth-local-refusals');
      await user(k, 'refused@example.com');
      sameError(await both(k, { email: 'refused@example.com', password: 'wrong' }), 'INVALID_CREDENTIALS');
      sameError(await both(k, { email: 'nobody-local@example.com', password: 'wrong' }), 'INVALID_CREDENTIALS');
      sameError(
        await both(k, { email: 'refused@example.com', password: PASSWORD, applicationId: 'app_nope' }),
        'INVALID_REQUEST',
      );
      sameError(await both(k, { email: 'refused@example.com', password: '' }), 'INVALID_REQUEST');
      // Each refusal left the same audit row both ways: every (type, reason, ip) twice.
      const rows = (await t.platform.orm.em.getConnection().execute(
        `select type, data->>'reason' as reason, ip, count(*)::int as n from auth.audit_logs
            where type = 'login.failed' and data->>'email' in ('refused@example.com', 'nobody-local@example.com')
            group by 1, 2, 3`,
      )) as { type: string; reason: string; ip: string; n: number }[];
      expect(rows.map((r) => `${r.type} ${r.reason} ${r.ip}`).sort()).toEqual([
        'login.failed INVALID_PASSWORD 203.0.113.7',
        'login.failed UNKNOWN_USER 203.0.113.7',
      ]);
      for (const row of rows) expect(row.n).toBe(2);
    });

    it('should refuse a locked account and answer MFA_REQUIRED alike', async () => {
      const k = await t.key('auth-local-lock');
      expect(
        (await t.request('PATCH', '/auth/security/password-policy', { key: k, body: { lockoutThreshold: 2 } })).status,
      ).toBe(200);
      await user(k, 'locked@example.com');
      for (let i = 0; i < 2; i++)
        await t.request('POST', '/auth/sign-in', { key: k, body: { email: 'locked@example.com', password: 'wrong' } });
      sameError(await both(k, { email: 'locked@example.com', password: PASSWORD }), 'ACCOUNT_LOCKED');

      const m = await t.key('auth-local-mfa');
      await user(m, 'mfa@example.com');
      await t.request('PATCH', '/auth/security/session-policy', { key: m, body: { mfaRequired: true } });
      sameError(await both(m, { email: 'mfa@example.com', password: PASSWORD }), 'MFA_REQUIRED');
    });
  });
});
