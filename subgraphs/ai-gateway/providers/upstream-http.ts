import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { UpstreamRequest } from './provider-adapter.js';
import { UpstreamError } from './upstream-error.js';
import type { CancelToken } from '../engine/cancel-token.js';

// Keep-alive pools: a warm connection saves a TCP (and TLS) handshake on every call; LIFO keeps few sockets hot.
const agents = {
  http: new http.Agent({ keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo', maxFreeSockets: 256 }),
  https: new https.Agent({ keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo', maxFreeSockets: 256 }),
};

/** A provider URL taken apart once: `new URL` and http's own option parsing cost more per call than the rest of its set-up. */
interface Endpoint {
  secure: boolean;
  hostname: string;
  port: number;
  path: string;
  /** The Host header: hostname, and the port when it is not the scheme's default. */
  host: string;
}

const endpoints = new Map<string, Endpoint>();

function endpointOf(address: string): Endpoint {
  let endpoint = endpoints.get(address);
  if (endpoint) return endpoint;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UpstreamError(`Invalid provider URL ${address}`, false);
  }
  const secure = url.protocol === 'https:';
  endpoint = { secure, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) || (secure ? 443 : 80), path: url.pathname + url.search, host: url.host };
  if (endpoints.size >= 10_000) endpoints.clear();
  endpoints.set(address, endpoint);
  return endpoint;
}

/**
 * POSTs to a provider and resolves with the response once its headers arrived. Aborting `signal` destroys the
 * socket at once, so the provider sees the connection close (the disconnect rule of issue 7).
 */
export function postUpstream(request: UpstreamRequest, signal: CancelToken): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    let endpoint: Endpoint;
    try {
      endpoint = endpointOf(request.url);
    } catch (error) {
      reject(error);
      return;
    }
    // Headers as a flat list: http writes them as given instead of storing each through setHeader (Host is ours then).
    const headers = ['host', endpoint.host, 'content-length', String(Buffer.byteLength(request.body))];
    for (const name in request.headers) headers.push(name, request.headers[name]!);
    const req = (endpoint.secure ? https : http).request({
      method: 'POST',
      host: endpoint.hostname,
      port: endpoint.port,
      path: endpoint.path,
      agent: endpoint.secure ? agents.https : agents.http,
      headers,
    });
    // Destroying the request closes the socket (and its response) at once; cheaper than http's own signal option.
    req.on('close', signal.onAbort(() => req.destroy(new Error('aborted'))));
    req.on('response', resolve);
    req.on('error', (error) => reject(signal.aborted ? signal.reason : new UpstreamError(`Provider unreachable: ${error.message}`, true)));
    // A string body goes out in one write with the headers.
    req.end(request.body);
  });
}

/** Reads a body up to `limit` characters (error bodies, whole completions); `onData` hears every piece. */
export function readText(res: IncomingMessage, limit = 16 * 1024 * 1024, onData?: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    res.setEncoding('utf8');
    let text = '';
    res.on('data', (chunk: string) => {
      onData?.();
      text += chunk;
      if (text.length > limit) {
        res.destroy();
        reject(new UpstreamError('The provider answer is too large', false));
      }
    });
    res.on('end', () => resolve(text));
    res.on('error', reject);
    res.on('close', () => {
      if (!res.complete) reject(new Error('The provider connection closed mid-answer'));
    });
  });
}

export function closeUpstreamAgents() {
  agents.http.destroy();
  agents.https.destroy();
}
