import { Agent, fetch as undiciFetch } from 'undici';
import type { UrlGuard } from './url-guard.js';

export interface GuardedFetchOptions {
  /** Whole exchange, body included (default 10 s). */
  timeoutMs?: number;
  /** Largest response body read; a longer one fails the request (default 512 KiB). */
  maxBytes?: number;
}

/** A `fetch` whose connections obey the URL guard; what openid-client takes as its `customFetch`. */
export type GuardedFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` for documents the platform reads from user-supplied hosts (OIDC discovery, JWKS, token endpoints): names
 * resolve through `guard.lookup` at connect time (special-purpose addresses refused unless the operator allows
 * private URLs, so DNS rebinding is caught where the socket opens), IP literals are judged before any connection,
 * redirects are never followed and the body is capped.
 */
export function guardedFetch(
  guard: UrlGuard,
  options: GuardedFetchOptions = {},
): { fetch: GuardedFetch; close(): Promise<void> } {
  const dispatcher = new Agent({ connect: { lookup: guard.lookup, timeout: 5_000 }, keepAliveTimeout: 10_000 });
  const maxBytes = options.maxBytes ?? 512 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const guarded: GuardedFetch = async (input, init = {}) => {
    const url = new URL(String(input));
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new TypeError(`Refused: ${url.protocol} URLs are not fetched`);
    const refused = guard.refusedHost(url.hostname);
    if (refused) throw new TypeError(`Refused: ${refused}`);
    const signal = init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    const response = await undiciFetch(url, { ...(init as object), redirect: 'manual', signal, dispatcher });
    const body = await readCapped(response.body, maxBytes);
    // A plain Response of the global fetch: the caller (openid-client) must not see undici's own classes.
    return new Response(response.status === 204 || response.status === 304 ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers([...response.headers]),
    });
  };
  return { fetch: guarded, close: () => dispatcher.close() };
}

async function readCapped(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new TypeError(`Refused: response body over ${maxBytes} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
