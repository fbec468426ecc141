import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedFetch } from '../../../platform/net/guarded-fetch.js';
import { UrlGuard } from '../../../platform/net/url-guard.js';
import { checkConfig } from '../../../subgraphs/auth/connections/connection-config.js';
import { SecretBox } from '../../../platform/crypto/secret-box.js';

describe('guardedFetch: identity provider fetches through the URL guard', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      }
      if (req.url === '/big') {
        res.end('x'.repeat(2048));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('{"issuer":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('should refuse loopback, private and localhost hosts unless private URLs are allowed', async () => {
    const strict = guardedFetch(new UrlGuard({ allowPrivate: false }));
    await expect(strict.fetch(`${url}/`)).rejects.toThrow(/Refused: 127\.0\.0\.1 is a loopback address/);
    await expect(strict.fetch('http://10.0.0.1/')).rejects.toThrow(/Refused/);
    await expect(strict.fetch('http://localhost:1/')).rejects.toThrow(/Refused/);
    await strict.close();
    const open = guardedFetch(new UrlGuard({ allowPrivate: true }));
    const res = await open.fetch(`${url}/`);
    expect(await res.json()).toEqual({ issuer: 'ok' });
    await open.close();
  });

  it('should not follow redirects and should cap the body', async () => {
    const capped = guardedFetch(new UrlGuard({ allowPrivate: true }), { maxBytes: 1024 });
    const redirected = await capped.fetch(`${url}/redirect`);
    expect(redirected.status).toBe(302);
    await expect(capped.fetch(`${url}/big`)).rejects.toThrow(/over 1024 bytes/);
    await capped.close();
  });

  it('should accept plain http identity provider URLs only on loopback and only when allowed', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const refusal = (issuerUrl: string, allowLoopbackHttp: boolean) => {
      try {
        checkConfig('OIDC', { issuerUrl, clientId: 'c', clientSecret: 's' }, box, 'conn_x', new Date(), {
          allowLoopbackHttp,
        });
        return null;
      } catch (error) {
        return (error as { details?: { expected?: unknown } }).details?.expected;
      }
    };
    expect(refusal('http://127.0.0.1:9000', true)).toBeNull();
    expect(refusal('http://127.0.0.1:9000', false)).toBe('an https URL');
    expect(refusal('http://idp.example.com', true)).toBe('an https URL');
    expect(refusal('https://idp.example.com', false)).toBeNull();
  });
});
