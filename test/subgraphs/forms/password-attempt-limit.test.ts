import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';
import {
  FormPasswordAttempts,
  WRONG_PASSWORDS_PER_FORM,
  WRONG_PASSWORD_WINDOW_MS,
} from '../../../subgraphs/forms/public/form-password-attempts.js';
import { hashFormPassword } from '../../../subgraphs/forms/forms/form-password.js';
import { MemoryRateLimitStore, RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { DomainError } from '../../../platform/errors/domain-error.js';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: DomainError) => error.code,
  );

describe('form password attempt limit: the rule', () => {
  it('should lock a form after its wrong passwords, right ones too, and open it again when the window ends', async () => {
    let now = 1_000 * WRONG_PASSWORD_WINDOW_MS; // the start of a window
    const attempts = new FormPasswordAttempts(
      new RateLimiter(new MemoryRateLimitStore(), () => now),
      3,
      WRONG_PASSWORD_WINDOW_MS,
    );
    const form = { uuid: 'f7', settings: { passwordHash: await hashFormPassword('open sesame') } };
    const other = { uuid: 'f8', settings: form.settings };
    for (let i = 0; i < 3; i++) expect(await codeOf(attempts.forRequest('guess')(form))).toBe('FORM_PASSWORD_INVALID');
    expect(await codeOf(attempts.forRequest('guess')(form))).toBe('RATE_LIMITED');
    expect(await codeOf(attempts.forRequest('open sesame')(form))).toBe('RATE_LIMITED');
    expect(await codeOf(attempts.forRequest('open sesame')(other))).toBe('ok');
    now += WRONG_PASSWORD_WINDOW_MS;
    expect(await codeOf(attempts.forRequest('open sesame')(form))).toBe('ok');
  });

  it('should count one wrong password once however often one request checks it', async () => {
    const attempts = new FormPasswordAttempts(
      new RateLimiter(new MemoryRateLimitStore(), () => 0),
      2,
      WRONG_PASSWORD_WINDOW_MS,
    );
    const form = { uuid: 'f1', settings: { passwordHash: await hashFormPassword('open sesame') } };
    const check = attempts.forRequest('guess');
    expect(await codeOf(check(form))).toBe('FORM_PASSWORD_INVALID');
    expect(await codeOf(check(form))).toBe('FORM_PASSWORD_INVALID');
    expect(await codeOf(attempts.forRequest('open sesame')(form))).toBe('ok');
  });
});

/** A guesser spread over many source addresses escapes every per-IP limit; the form's own limit counts them all. */
describe('form password attempt limit through the stack', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-password-guessing');
  });
  afterAll(() => t.stop());

  const passwordForm = async (title: string) => {
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title,
        settings: { password: 'open sesame' },
        fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name' }],
      },
    });
    expect(created.status).toBe(201);
    await t.request('POST', `/forms/${created.body.data.id}/publish`, { key });
    return created.body.data as { id: number; uuid: string };
  };
  const submit = (form: { uuid: string }, password: string) =>
    fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { name: 'Eve' } },
      headers: { 'x-form-password': password },
    });

  it('should answer 429 with Retry-After to every address once a form took its wrong passwords, and store nothing', async () => {
    // The counters' windows are aligned to the clock: start well inside one, so the count is not reset midway.
    await eventually(
      async () => Date.now() % WRONG_PASSWORD_WINDOW_MS < WRONG_PASSWORD_WINDOW_MS - 120_000,
      WRONG_PASSWORD_WINDOW_MS,
      1_000,
    );
    const guessed = await passwordForm('Guessed');
    const untouched = await passwordForm('Untouched');
    for (let i = 0; i < WRONG_PASSWORDS_PER_FORM; i++) {
      const wrong = await submit(guessed, `guess ${i}`);
      expect({ i, status: wrong.status, body: wrong.body }).toEqual({ i, status: 403, body: expect.anything() });
    }

    const limited = await submit(guessed, 'guess again');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(WRONG_PASSWORD_WINDOW_MS / 1000);
    // The right password is refused too while the form is locked: a guesser must not learn it was right.
    expect((await submit(guessed, 'open sesame')).status).toBe(429);
    expect(
      (
        await fromIp(t.url, newVisitorIp(), 'GET', `/f/${guessed.uuid}`, {
          headers: { 'x-form-password': 'open sesame' },
        })
      ).status,
    ).toBe(429);
    expect((await t.request('GET', `/forms/${guessed.id}/submissions`, { key })).body.meta.total).toBe(0);

    // Another form of the same organization is not locked.
    expect((await submit(untouched, 'open sesame')).status).toBe(201);
  }, 480_000);
});
