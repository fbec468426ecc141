import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { UpstreamRequest } from './provider-adapter.js';
import { UpstreamError } from './upstream-error.js';

// Keep-alive pools: a warm connection saves a TCP (and TLS) handshake on every call; LIFO keeps few sockets hot.
const agents = {
  http: new http.Agent({ keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo', maxFreeSockets: 256 }),
  https: new https.Agent({ keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo', maxFreeSockets: 256 }),
};

/**
 * POSTs to a provider and resolves with the response once its headers arrived. Aborting `signal` destroys the
 * socket at once, so the provider sees the connection close (the disconnect rule of issue 7).
 */
export function postUpstream(request: UpstreamRequest, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
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
      signal,
    });
    req.on('response', resolve);
    req.on('error', (error) => reject(signal.aborted ? signal.reason : new UpstreamError(`Provider unreachable: ${error.message}`, true)));
    req.end(body);
  });
}

/** Reads a body up to `limit` bytes (error bodies, whole completions). */
export async function readText(res: IncomingMessage, limit = 16 * 1024 * 1024): Promise<string> {
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) {
    text += chunk as string;
    if (text.length > limit) {
      res.destroy();
      throw new UpstreamError('The provider answer is too large', false);
    }
  }
  return text;
}

export function closeUpstreamAgents() {
  agents.http.destroy();
  agents.https.destroy();
}
