import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { resolveAndJudge, type Resolver } from './host-judgement.js';

export type { Resolver };

export interface SafeHttpClientOptions {
  /** Lets requests reach loopback and private addresses (WEBHOOK_ALLOW_PRIVATE: tests, local development). */
  allowPrivate: boolean;
  /** Defaults to the system resolver (getaddrinfo, all addresses). */
  resolver?: Resolver;
  /** Open sockets kept per destination. */
  maxSockets?: number;
}

export interface SafeRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Whole exchange, DNS included. */
  timeoutMs: number;
  /** How much of the response is read before the connection is dropped (default 64 KiB). */
  maxReadBytes?: number;
  /** How much of the response body is returned (default 1 KiB). */
  keepBytes?: number;
}

export type SafeResult =
  | { kind: 'response'; status: number; body: string; durationMs: number }
  /** `refused`: the address rule stopped it before any connection. */
  | { kind: 'error'; error: string; refused: boolean; durationMs: number };

/**
 * POSTs to user-supplied URLs without letting them reach the inside: resolves the name itself, judges it by the
 * one rule of `resolveAndJudge` (every address public, or refused), connects to the address it checked (no second lookup,
 * so DNS rebinding cannot swap it), follows no redirects and caps what it reads. Never throws.
 */
export class SafeHttpClient {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  constructor(private readonly options: SafeHttpClientOptions) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, scheduling: 'lifo' as const };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  /** The address a URL would be sent to, or why it may not be (used to refuse a webhook URL at creation). */
  async check(
    url: string,
    timeoutMs = 5_000,
  ): Promise<{ ok: true; address: string } | { ok: false; error: string; refused: boolean }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, error: 'Invalid URL', refused: true };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return { ok: false, error: `Unsupported protocol ${parsed.protocol}`, refused: true };
    const verdict = await resolveAndJudge(parsed.hostname, {
      allowPrivate: this.options.allowPrivate,
      resolver: this.options.resolver,
      timeoutMs,
    });
    if (!verdict.ok)
      return {
        ok: false,
        error: verdict.refused ? `Refused: ${verdict.reason}` : verdict.reason,
        refused: verdict.refused,
      };
    return { ok: true, address: verdict.addresses[0]! };
  }

  async post(request: SafeRequest): Promise<SafeResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const target = await this.check(request.url, request.timeoutMs);
    if (!target.ok) return { kind: 'error', error: target.error, refused: target.refused, durationMs: elapsed() };
    const url = new URL(request.url);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const headers: Record<string, string> = {
      ...request.headers,
      host: url.host,
      'content-length': String(Buffer.byteLength(request.body)),
    };
    if (url.username || url.password) {
      headers.authorization =
        'Basic ' +
        Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64');
    }
    const maxRead = request.maxReadBytes ?? 64 * 1024;
    const keep = request.keepBytes ?? 1024;
    const remaining = Math.max(1, request.timeoutMs - elapsed());
    const secure = url.protocol === 'https:';

    return new Promise<SafeResult>((resolve) => {
      let settled = false;
      const finish = (result: SafeResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const options: https.RequestOptions = {
        method: 'POST',
        host: target.address, // the checked address: no second lookup
        port: url.port || (secure ? 443 : 80),
        path: url.pathname + url.search,
        headers,
        agent: secure ? this.httpsAgent : this.httpAgent,
        ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
      };
      const req = (secure ? https : http).request(options, (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () =>
          finish({
            kind: 'response',
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, keep).toString('utf8'),
            durationMs: elapsed(),
          });
        res.on('data', (chunk: Buffer) => {
          if (read < keep) chunks.push(chunk);
          read += chunk.length;
          if (read >= maxRead) {
            done();
            res.destroy(); // do not read an endless body; the socket is not reused
          }
        });
        res.on('end', done);
        res.on('error', (error) =>
          finish({ kind: 'error', error: error.message, refused: false, durationMs: elapsed() }),
        );
        res.on('close', done);
      });
      const timer = setTimeout(() => req.destroy(new Error(`Timed out after ${request.timeoutMs} ms`)), remaining);
      req.on('error', (error) =>
        finish({ kind: 'error', error: error.message || String(error), refused: false, durationMs: elapsed() }),
      );
      req.end(request.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
