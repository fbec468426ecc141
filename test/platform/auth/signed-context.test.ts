import { createHmac } from 'node:crypto';
import {
  SIGNED_CONTEXT_MAX_AGE_MS,
  signCallerContext,
  verifyCallerContext,
} from '../../../platform/auth/signed-context.js';
import type { CallerContext } from '../../../platform/context/subgraph-context.js';

const SECRET = 'a'.repeat(64);
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const caller: CallerContext = {
  requestId: 'req_01jdabc',
  auth: {
    organizationId: '4f7b8c1e-0000-4000-8000-000000000001',
    keyId: 'k1',
    keyType: 'SERVER',
    scopes: ['*'],
    plan: 'SCALE',
  },
};

const reencode = (value: string, edit: (claims: Record<string, unknown>) => void) => {
  const [payload, signature] = value.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  edit(claims);
  return `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
};

describe('signed caller context', () => {
  it('should round-trip the caller', () => {
    const header = signCallerContext(caller, SECRET, NOW);
    expect(header).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyCallerContext(header, SECRET, { now: NOW + 1000 })).toEqual(caller);
  });

  it('should round-trip an anonymous caller (public operations)', () => {
    const header = signCallerContext({ requestId: 'req_x', auth: null }, SECRET, NOW);
    expect(verifyCallerContext(header, SECRET, { now: NOW })).toEqual({ requestId: 'req_x', auth: null });
  });

  it('should refuse a payload changed after signing', () => {
    const header = signCallerContext(caller, SECRET, NOW);
    const otherOrg = reencode(
      header,
      (c) => ((c.auth as Record<string, unknown>).organizationId = '4f7b8c1e-0000-4000-8000-000000000002'),
    );
    const moreScopes = reencode(header, (c) => ((c.auth as Record<string, unknown>).plan = 'ENTERPRISE'));
    expect(verifyCallerContext(otherOrg, SECRET, { now: NOW })).toBeNull();
    expect(verifyCallerContext(moreScopes, SECRET, { now: NOW })).toBeNull();
  });

  it('should refuse a changed signature and another secret', () => {
    const header = signCallerContext(caller, SECRET, NOW);
    const [payload, signature] = header.split('.');
    const flipped = (signature![0] === 'A' ? 'B' : 'A') + signature!.slice(1);
    expect(verifyCallerContext(`${payload}.${flipped}`, SECRET, { now: NOW })).toBeNull();
    expect(verifyCallerContext(`${payload}.${signature!.slice(0, -2)}`, SECRET, { now: NOW })).toBeNull();
    expect(verifyCallerContext(header, 'b'.repeat(64), { now: NOW })).toBeNull();
  });

  it('should refuse a plain HMAC of the payload made for another purpose with the same secret', () => {
    const payload = signCallerContext(caller, SECRET, NOW).split('.')[0]!;
    const bare = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(verifyCallerContext(`${payload}.${bare}`, SECRET, { now: NOW })).toBeNull();
  });

  it('should refuse a context older than five minutes and accept one just inside', () => {
    const header = signCallerContext(caller, SECRET, NOW);
    expect(verifyCallerContext(header, SECRET, { now: NOW + SIGNED_CONTEXT_MAX_AGE_MS })).toEqual(caller);
    expect(verifyCallerContext(header, SECRET, { now: NOW + SIGNED_CONTEXT_MAX_AGE_MS + 1 })).toBeNull();
    expect(SIGNED_CONTEXT_MAX_AGE_MS).toBe(5 * 60_000);
  });

  it('should refuse a context issued well in the future', () => {
    const header = signCallerContext(caller, SECRET, NOW + 10 * 60_000);
    expect(verifyCallerContext(header, SECRET, { now: NOW })).toBeNull();
  });

  it('should refuse a correctly signed payload of the wrong shape', () => {
    // Signs arbitrary claims with the real key, as a gateway of another version might.
    const sign = (claims: unknown) => {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${createHmac('sha256', SECRET).update('platform-context.v1.').update(payload).digest('base64url')}`;
    };
    expect(verifyCallerContext(sign({ ...caller, iat: NOW }), SECRET, { now: NOW })).toEqual(caller); // the helper signs as the real signer does
    expect(
      verifyCallerContext(sign({ requestId: 'r', auth: { ...caller.auth, keyType: 'ROOT' }, iat: NOW }), SECRET, {
        now: NOW,
      }),
    ).toBeNull();
    expect(
      verifyCallerContext(sign({ requestId: 'r', auth: { ...caller.auth, scopes: '*' }, iat: NOW }), SECRET, {
        now: NOW,
      }),
    ).toBeNull();
    expect(verifyCallerContext(sign({ requestId: 'r', auth: caller.auth }), SECRET, { now: NOW })).toBeNull();
    expect(verifyCallerContext(sign({ auth: caller.auth, iat: NOW }), SECRET, { now: NOW })).toBeNull();
    expect(verifyCallerContext(sign([1, 2]), SECRET, { now: NOW })).toBeNull();
  });

  it.each([
    ['undefined', undefined],
    ['a number', 42],
    ['an array of headers', ['a.b', 'c.d']],
    ['empty', ''],
    ['no dot', 'abcdef'],
    ['two dots', 'a.b.c'],
    ['leading dot', '.abc'],
    ['not base64url', 'ab$c.def'],
    ['base64url of non-JSON', `${Buffer.from('{not json').toString('base64url')}.AAAA`],
    ['huge', 'a'.repeat(100_000) + '.b'],
  ])('should return null, not throw, for garbage: %s', (_label, value) => {
    expect(() => verifyCallerContext(value, SECRET, { now: NOW })).not.toThrow();
    expect(verifyCallerContext(value, SECRET, { now: NOW })).toBeNull();
  });
});
