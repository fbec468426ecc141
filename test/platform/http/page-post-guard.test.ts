import type { FastifyRequest } from 'fastify';
import { PagePostGuard } from '../../../platform/http/html/page-post-guard.js';

const SECRET = 'a'.repeat(32);
const request = (headers: Record<string, string>) =>
  ({ headers: { host: 'forms.example.com', ...headers } }) as unknown as FastifyRequest;

describe('PagePostGuard', () => {
  let now = Date.UTC(2026, 11, 1);
  const guard = new PagePostGuard(SECRET, () => now);

  it('should accept a same-origin post with a fresh token of the same purpose', () => {
    const token = guard.issue('form:1');
    expect(guard.accepts(request({ 'sec-fetch-site': 'same-origin' }), 'form:1', token)).toBe(true);
    expect(guard.accepts(request({ origin: 'https://forms.example.com' }), 'form:1', token)).toBe(true);
    expect(guard.accepts(request({}), 'form:1', token)).toBe(true);
  });

  it('should refuse another site, another purpose, another secret, a tampered token and an old one', () => {
    const token = guard.issue('form:1');
    expect(guard.accepts(request({ 'sec-fetch-site': 'cross-site' }), 'form:1', token)).toBe(false);
    expect(guard.accepts(request({ 'sec-fetch-site': 'same-site' }), 'form:1', token)).toBe(false);
    expect(guard.accepts(request({ origin: 'https://evil.example' }), 'form:1', token)).toBe(false);
    expect(guard.accepts(request({ origin: 'null' }), 'form:1', token)).toBe(false);
    expect(guard.accepts(request({}), 'form:2', token)).toBe(false);
    expect(new PagePostGuard('b'.repeat(32), () => now).accepts(request({}), 'form:1', token)).toBe(false);
    expect(guard.accepts(request({}), 'form:1', token.slice(0, -2) + 'xx')).toBe(false);
    expect(guard.accepts(request({}), 'form:1', undefined)).toBe(false);
    expect(guard.accepts(request({}), 'form:1', `${(now + 1000).toString(36)}.${token.split('.')[1]}`)).toBe(false);
    now += 24 * 60 * 60 * 1000 + 1;
    expect(guard.accepts(request({}), 'form:1', token)).toBe(false);
  });
});
