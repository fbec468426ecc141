import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SafeHttpClient } from '../../../platform/net/safe-http-client.js';

describe('SafeHttpClient', () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      req.resume();
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:' + port + '/ok' });
        return res.end();
      }
      if (req.url === '/huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 50 && res.write(chunk)) sent++;
          if (sent < 50) res.once('drain', pump);
          else res.end();
        };
        return pump();
      }
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2_000);
      res.end(`hello ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const post = (client: SafeHttpClient, url: string, timeoutMs = 5_000) =>
    client.post({ url, headers: {}, body: '{}', timeoutMs });

  it('should refuse a private IP literal, loopback by name and IPv4-mapped IPv6 before connecting', async () => {
    const client = new SafeHttpClient({ allowPrivate: false });
    const before = hits;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const result = await post(client, url);
      expect(result).toMatchObject({ kind: 'error', refused: true, error: expect.stringMatching(/^Refused: /) });
    }
    expect(hits).toBe(before);
    client.close();
  });

  it('should connect to the address it checked, not to a second DNS answer (rebinding)', async () => {
    let lookups = 0;
    // The first answer (loopback) decides; a second lookup would have answered a public address and passed.
    const client = new SafeHttpClient({
      allowPrivate: false,
      resolver: async () =>
        lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }],
    });
    const refused = await post(client, `http://rebind.test:${port}/`);
    expect(refused).toMatchObject({ kind: 'error', refused: true, error: expect.stringContaining('loopback') });
    expect(lookups).toBe(1);
    client.close();
  });

  it('should reach loopback when private addresses are allowed, sending the original Host', async () => {
    const client = new SafeHttpClient({
      allowPrivate: true,
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const result = await post(client, `http://receiver.test:${port}/`);
    expect(result).toMatchObject({ kind: 'response', status: 200, body: `hello receiver.test:${port}` });
    client.close();
  });

  it('should not follow redirects, cap the body it keeps and reads, and time out', async () => {
    const client = new SafeHttpClient({ allowPrivate: true });
    const redirected = await post(client, `http://127.0.0.1:${port}/redirect`);
    expect(redirected).toMatchObject({ kind: 'response', status: 302 });
    const huge = await client.post({
      url: `http://127.0.0.1:${port}/huge`,
      headers: {},
      body: '{}',
      timeoutMs: 5_000,
      maxReadBytes: 128 * 1024,
    });
    expect(huge).toMatchObject({ kind: 'response', status: 200 });
    expect((huge as { body: string }).body).toHaveLength(1024);
    const slow = await post(client, `http://127.0.0.1:${port}/slow`, 300);
    expect(slow).toMatchObject({ kind: 'error', refused: false, error: 'Timed out after 300 ms' });
    client.close();
  });
});
