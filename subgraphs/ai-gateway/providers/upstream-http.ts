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
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      reject(new UpstreamError(`Invalid provider URL ${request.url}`, false));
      return;
    }
    const secure = url.protocol === 'https:';
    const body = Buffer.from(request.body, 'utf8');
    const req = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      headers: { ...request.headers, 'content-length': String(body.length) },
    });
    // Destroying the request closes the socket (and its response) at once; cheaper than http's own signal option.
    req.on('close', signal.onAbort(() => req.destroy(new Error('aborted'))));
    req.on('response', resolve);
    req.on('error', (error) => reject(signal.aborted ? signal.reason : new UpstreamError(`Provider unreachable: ${error.message}`, true)));
    req.end(body);
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
