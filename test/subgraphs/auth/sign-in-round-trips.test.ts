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
});
