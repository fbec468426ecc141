import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST as the receiver saw it: the raw body (what signatures cover), headers and arrival time. */
export interface ReceivedRequest {
  path: string;
  body: string;
  json: any;
  headers: IncomingHttpHeaders;
  /** Date.now() at arrival. */
  receivedAt: number;
}

export type Responder = (
  request: ReceivedRequest,
) => number | { status: number; body?: string; headers?: Record<string, string> };

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** What to answer from now on (default 200). */
  respond(responder: Responder): void;
  /** Resolves when `predicate` holds over the requests so far. */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on loopback (node:http), like a customer's endpoint. */
export async function startReceiver(responder: Responder = () => 200, port = 0): Promise<Receiver> {
  let current = responder;
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const received: ReceivedRequest = {
        path: req.url ?? '/',
        body,
        json,
        headers: req.headers,
        receivedAt: Date.now(),
      };
      requests.push(received);
      const answer = current(received);
      const { status, body: out = 'ok', headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(out);
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    requests,
    respond: (next) => (current = next),
    waitFor: (predicate, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(requests)) return;
          cleanup();
          resolve(requests);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`receiver: condition not met in ${timeoutMs} ms (${requests.length} requests)`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
