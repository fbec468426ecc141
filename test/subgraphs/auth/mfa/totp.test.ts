import * as OTPAuth from 'otpauth';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  timeStep,
} from '../../../../subgraphs/auth/mfa/totp.js';
import { hashRecoveryCode, newRecoveryCode } from '../../../../subgraphs/auth/mfa/recovery-codes.js';

describe('TOTP (RFC 6238) implemented on node:crypto', () => {
  const rfcSecret = Buffer.from('12345678901234567890'); // RFC 6238 appendix B, SHA-1 seed

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('should match the RFC 6238 SHA-1 vector at T=%i (last 6 digits)', (seconds, code) => {
    expect(hotp(rfcSecret, timeStep(seconds * 1000))).toBe(code);
  });

  it('should agree with the otpauth library on random secrets and times', () => {
    for (let i = 0; i < 50; i++) {
      const secret = newTotpSecret();
      const at = 1_700_000_000_000 + i * 7_919_000;
      const theirs = new OTPAuth.TOTP({
        secret: OTPAuth.Secret.fromBase32(secret),
        digits: 6,
        period: 30,
        algorithm: 'SHA1',
      }).generate({ timestamp: at });
      expect(matchTotp(secret, theirs, at, null)).toBe(timeStep(at));
    }
  });

  it('should accept one step of drift, not two, and never a step at or before the last used one', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const key = base32Decode(secret);
    const step = timeStep(now);
    expect(matchTotp(secret, hotp(key, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, hotp(key, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, hotp(key, step - 2), now, null)).toBeNull();
    expect(matchTotp(secret, hotp(key, step + 2), now, null)).toBeNull();
    expect(matchTotp(secret, hotp(key, step), now, step)).toBeNull();
    expect(matchTotp(secret, hotp(key, step), now, step - 1)).toBe(step);
    expect(matchTotp(secret, '12345', now, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('should round-trip base32 as RFC 4648 writes it', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  });

  it('should make recovery codes of the documented shape whose hash ignores case and dashes', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toEqual(hashRecoveryCode(code));
  });
});
