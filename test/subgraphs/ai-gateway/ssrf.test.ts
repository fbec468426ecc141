import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';
import { UrlGuard } from '../../../platform/net/url-guard.js';

const HELLO = [{ role: 'user', content: 'Say hello' }];

describe('AI provider base URLs through the URL guard (SSRF)', () => {
  describe('with private addresses refused (the default)', () => {
    let ai: AiPlatform;
    let serverKey: string;
    let gatewayKey: string;

    beforeAll(async () => {
      ai = await startAiPlatform({}, { WEBHOOK_ALLOW_PRIVATE: 'false' });
      serverKey = await ai.t.key('ssrf', 'SERVER');
      gatewayKey = (await ai.t.request('POST', '/ai/v1/keys', { key: serverKey, body: { name: 'k' } })).body.key;
    });
    afterAll(() => ai.stop());

    const put = (baseUrl: string) =>
      ai.t.request('PUT', '/ai/v1/providers/vllm', { key: serverKey, body: { apiKey: 'secret-key-1234', baseUrl } });

    it.each([
      ['loopback', 'http://127.0.0.1:4000/v1'],
      ['IPv6 loopback', 'http://[::1]:4000/v1'],
      ['cloud metadata (link-local)', 'http://169.254.169.254/latest'],
      ['a private range', 'http://10.0.0.7/v1'],
      ['a decimal IPv4 form', 'http://2130706433/v1'],
      ['a hexadecimal IPv4 form', 'http://0x7f.1/v1'],
      ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/v1'],
      ['IPv4-mapped IPv6 of a public address', 'http://[::ffff:93.184.216.34]/v1'],
      ['localhost by name', 'http://localhost:11434/v1'],
      ['a fragment that would swallow the appended path', 'http://93.184.216.34/readyz#'],
      ['a query string', 'http://93.184.216.34/v1?x=1'],
      ['credentials', 'http://user:pass@93.184.216.34/v1'],
      ['a scheme other than http(s)', 'file:///etc/passwd'],
    ])('should refuse %s at save time with 400 naming baseUrl, and store nothing', async (_what, baseUrl) => {
      const res = await put(baseUrl);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'baseUrl' });
      expect((await ai.t.request('GET', '/ai/v1/providers', { key: serverKey })).body.data).toEqual([]);
    });

    it('should accept a public address', async () => {
      expect((await put('http://93.184.216.34/v1')).status).toBe(200);
    });

    it('should refuse at connect time a stored URL that points inside, and never reach it', async () => {
      // As if saved before this guard existed (or by a name that changed its answer): the row is edited directly.
      const org = await ai.t.key('ssrf-stored', 'SERVER');
      const gw = (await ai.t.request('POST', '/ai/v1/keys', { key: org, body: { name: 'k' } })).body.key;
      expect(
        (
          await ai.t.request('PUT', '/ai/v1/providers/openai', {
            key: org,
            body: { apiKey: 'secret-key-1234', baseUrl: 'http://93.184.216.34/v1' },
          })
        ).status,
      ).toBe(200);
      await ai.t.platform.orm.em
        .fork()
        .getConnection()
        .execute(
          `update ai_gateway.provider_credentials set base_url = ? where base_url = 'http://93.184.216.34/v1' and provider = 'openai'`,
          [`${ai.fake.url}/openai/v1`],
        );
      const before = ai.fake.requests.length;
      const res = await ai.t.request('POST', '/ai/v1/chat/completions', {
        key: gw,
        body: { model: 'openai/ok', messages: HELLO },
      });
      expect(res.status).toBe(500);
      expect(res.body.error).toMatchObject({ code: 'provider_error', message: expect.stringContaining('loopback') });
      expect(ai.fake.requests.length).toBe(before);
      void gatewayKey;
    });

    it('should refuse loopback answers of a name at connect time (the lookup handed to the HTTP client)', async () => {
      const guard = new UrlGuard({ allowPrivate: false });
      const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        guard.lookup('localhost', {}, (e: NodeJS.ErrnoException | null) => resolve(e)),
      );
      expect(error?.code).toBe('EADDRREFUSED');
      const allowed = new UrlGuard({ allowPrivate: true });
      const address = await new Promise<string>((resolve) =>
        allowed.lookup('localhost', {}, (_e: unknown, a: string) => resolve(a)),
      );
      expect(['127.0.0.1', '::1']).toContain(address);
    });
  });

  describe('provider_error carries the provider error object, never a verbatim body', () => {
    let ai: AiPlatform;
    let upstream: Server;
    let upstreamUrl: string;
    let gatewayKey: string;

    beforeAll(async () => {
      upstream = createServer((req, res) => {
        if (req.url!.startsWith('/json-status')) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: 'ok', database: 'up', internalToken: 'do-not-leak' }));
        } else if (req.url!.startsWith('/html')) {
          res.writeHead(404, { 'content-type': 'text/html' });
          res.end('<html>internal admin page do-not-leak</html>');
        } else {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: {
                message: 'bad request',
                type: 'invalid_request_error',
                internal: 'do-not-leak',
                details: [{ x: 1 }],
              },
            }),
          );
        }
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      ai = await startAiPlatform();
      const serverKey = await ai.t.key('trim', 'SERVER');
      gatewayKey = (await ai.t.request('POST', '/ai/v1/keys', { key: serverKey, body: { name: 'k' } })).body.key;
      for (const [provider, path] of [
        ['p-json', '/json-status'],
        ['p-html', '/html'],
        ['p-error', '/error'],
      ]) {
        const res = await ai.t.request('PUT', `/ai/v1/providers/${provider}`, {
          key: serverKey,
          body: { apiKey: 'secret-key-1234', baseUrl: upstreamUrl + path },
        });
        expect(res.status).toBe(200);
      }
    });
    afterAll(async () => {
      await ai.stop();
      upstream.close();
    });

    const chat = (model: string) =>
      ai.t.request('POST', '/ai/v1/chat/completions', { key: gatewayKey, body: { model, messages: HELLO } });

    it('should keep only the error fields of a provider error object', async () => {
      const res = await chat('p-error/m');
      expect(res.status).toBe(500);
      expect(res.body.error.provider_error).toEqual({ message: 'bad request', type: 'invalid_request_error' });
    });

    it.each([
      ['a JSON body without an error object', 'p-json/m'],
      ['an HTML page', 'p-html/m'],
    ])('should not echo %s', async (_what, model) => {
      const res = await chat(model);
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('do-not-leak');
      expect(res.text).not.toContain('database');
      expect(res.body.error.provider_error).toEqual({ message: 'The provider answered without an error object' });
    });
  });
});
