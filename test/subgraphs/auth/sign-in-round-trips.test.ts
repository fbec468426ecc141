import { jest } from '@jest/globals';
import pg from 'pg';
import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

/** Every statement sent while recording, with the number of the round trip it went in (statements in flight together share one). */
function recordRoundTrips() {
  const sent: { text: string; trip: number }[] = [];
  let inFlight = 0;
  let trips = 0;
  const original = pg.Client.prototype.query;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const query = args[0];
    const text = typeof query === 'string' ? query : (query as { text?: string })?.text ?? '';
    if (inFlight === 0) trips++;
    inFlight++;
    sent.push({ text, trip: trips });
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    const done = () => { inFlight--; };
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    else done();
    return result as never;
  });
  return { sent, stop: () => spy.mockRestore() };
}

describe('sign-in statements', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-sign-in-trips');
    expect((await t.request('POST', '/auth/users', { key, body: { email: 'trips@example.com', password: PASSWORD, emailVerified: true } })).status).toBe(201);
  });
  afterAll(() => t.stop());

  it('probe', async () => {
    const signIn = () => t.request('POST', '/auth/sign-in', { key, body: { email: 'trips@example.com', password: PASSWORD, ip: '203.0.113.7', userAgent: 'Browser/1.0' } });
    expect((await signIn()).status).toBe(200);
    const rec = recordRoundTrips();
    try {
      expect((await signIn()).status).toBe(200);
    } finally {
      rec.stop();
    }
    process.stderr.write(rec.sent.map((s) => `${s.trip}: ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n') + '\n');
  });
});
