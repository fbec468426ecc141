import { createHash } from 'node:crypto';
import {
  ARGON2_PARAMS,
  PasswordHasher,
  hashPassword,
  verifyPassword,
} from '../../../../subgraphs/auth/passwords/password-hasher.js';
import { HASH_WASM_PHC } from './hash-wasm-phc.fixture.js';
import { DefaultBreachChecker } from '../../../../subgraphs/auth/passwords/breach-checker.js';
import { checkNewPassword } from '../../../../subgraphs/auth/passwords/password-rules.js';
import { PASSWORD_POLICY_DEFAULTS } from '../../../../subgraphs/auth/security/policy-defaults.js';
import { createLogger } from '../../../../platform/logging/logger.js';

const logger = createLogger('silent');

describe('passwords: argon2id hashing, policy rules, breached-password checks', () => {
  it('should hash with argon2id at the stated parameters and verify only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${ARGON2_PARAMS.memorySize},t=${ARGON2_PARAMS.iterations},p=${ARGON2_PARAMS.parallelism}\\$`,
      ),
    );
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'not a hash')).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash); // salted
  });

  it('should verify hashes written by the previous WebAssembly hasher, and refuse them for any other password', async () => {
    for (const { password, hash } of HASH_WASM_PHC) {
      expect(await verifyPassword(password, hash)).toBe(true);
      expect(await verifyPassword(`${password}.`, hash)).toBe(false);
    }
  });

  it('should write the same PHC form as before: parameters in m,t,p order, unpadded base64 salt and digest', async () => {
    const shape = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
    for (const { hash } of HASH_WASM_PHC) expect(hash).toMatch(shape);
    expect(await hashPassword('anything')).toMatch(shape);
  });

  it('should refuse malformed or outrageous stored hashes without computing them', async () => {
    const [{ password, hash }] = HASH_WASM_PHC as [{ password: string; hash: string }];
    expect(await verifyPassword(password, hash.replace('m=19456', 'm=4194304'))).toBe(false); // 4 GiB
    expect(await verifyPassword(password, hash.replace('t=2', 't=10000'))).toBe(false);
    expect(await verifyPassword(password, hash.replace('$argon2id$', '$argon2i$'))).toBe(false);
    expect(await verifyPassword(password, `${hash}$`)).toBe(false);
    expect(await verifyPassword(password, '')).toBe(false);
  });

  it('should keep the event loop turning while a password is hashed and verified', async () => {
    await hashPassword('warm-up'); // a first call may load code asynchronously: only steady-state hashing is measured
    let turns = 0;
    let stop = false;
    const spin = () => {
      turns++;
      if (!stop) setImmediate(spin);
    };
    setImmediate(spin);
    const hashed = hashPassword('event loop stays free');
    const before = turns;
    const hash = await hashed;
    const duringHash = turns - before;
    const verified = verifyPassword('event loop stays free', hash);
    const mark = turns;
    expect(await verified).toBe(true);
    const duringVerify = turns - mark;
    stop = true;
    // One argon2id at 19 MiB takes tens of milliseconds; on the main thread not a single turn would pass meanwhile.
    expect(duringHash).toBeGreaterThan(20);
    expect(duringVerify).toBeGreaterThan(20);
  });

  it('should run at most `concurrency` hashes at once, queue the next ones in order and refuse past the queue with SERVICE_UNAVAILABLE', async () => {
    const hasher = new PasswordHasher({ concurrency: 1, maxQueued: 2, retryAfterSeconds: 3 });
    const first = hasher.hash('one');
    const second = hasher.hash('two');
    const third = hasher.hash('three');
    expect(hasher.load()).toEqual({ running: 1, queued: 2 });
    await expect(hasher.verify('four', 'x')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retryAfter: 3 },
    });
    const hashes = await Promise.all([first, second, third]);
    expect(await hasher.verify('two', hashes[1]!)).toBe(true);
    expect(hasher.load()).toEqual({ running: 0, queued: 0 });
  });

  it('should find shipped common passwords in any case', async () => {
    const checker = new DefaultBreachChecker({ logger });
    expect(await checker.isBreached('PASSWORD')).toBe(true);
    expect(await checker.isBreached('qwerty123')).toBe(true);
    expect(await checker.isBreached('purple elephant violin')).toBe(false);
  });

  it('should ask HIBP for the 5-character SHA-1 prefix only, with padding, and match suffixes with a positive count', async () => {
    const password = 'purple elephant violin';
    const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase();
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const respond = (body: string) =>
      (async (url: string, init: { headers: Record<string, string> }) => {
        calls.push({ url, headers: init.headers });
        return new Response(body);
      }) as unknown as typeof fetch;
    const hit = new DefaultBreachChecker({
      logger,
      hibpUrl: 'https://hibp.test',
      fetch: respond(`0000000000000000000000000000000000A:3\r\n${sha1.slice(5)}:12\r\n`),
    });
    expect(await hit.isBreached(password)).toBe(true);
    expect(calls[0]).toEqual({
      url: `https://hibp.test/range/${sha1.slice(0, 5)}`,
      headers: expect.objectContaining({ 'Add-Padding': 'true' }),
    });
    expect(calls[0]!.url).not.toContain(sha1.slice(5));
    const padded = new DefaultBreachChecker({
      logger,
      hibpUrl: 'https://hibp.test',
      fetch: respond(`${sha1.slice(5)}:0\r\n`),
    });
    expect(await padded.isBreached(password)).toBe(false);
    const down = new DefaultBreachChecker({
      logger,
      hibpUrl: 'https://hibp.test',
      fetch: (async () => {
        throw new Error('offline');
      }) as unknown as typeof fetch,
    });
    expect(await down.isBreached(password)).toBe(false); // fails open, logged
  });

  it('should name every unmet rule of the policy', async () => {
    const policy = {
      ...PASSWORD_POLICY_DEFAULTS,
      minLength: 12,
      requireUppercase: true,
      requireNumbers: true,
      requireSymbols: true,
      disallowEmailInPassword: true,
      breachedPasswordCheck: false,
    };
    const never = { isBreached: async () => false };
    await expect(checkNewPassword('grace', policy, never, 'grace@example.com')).rejects.toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      details: {
        unmet: [
          'at least 12 characters',
          'an upper-case letter',
          'a digit',
          'a symbol',
          'no part of the email address',
        ],
      },
    });
    await expect(checkNewPassword('Völlig Sicher 42!', policy, never)).resolves.toBe('Völlig Sicher 42!');
    await expect(
      checkNewPassword(
        'Völlig Sicher 42!',
        { ...policy, breachedPasswordCheck: true },
        { isBreached: async () => true },
      ),
    ).rejects.toMatchObject({ code: 'PASSWORD_BREACHED' });
  });
});
