import { Agent } from 'undici';
import type { UpstreamRequest } from './provider-adapter.js';
import { UpstreamError } from './upstream-error.js';
import type { UrlGuard } from '../../../platform/net/url-guard.js';
import type { CancelToken } from '../engine/cancel-token.js';
import { LRUCache } from 'lru-cache';
import { isSandboxUrl, sandboxAnswer } from './sandbox-upstream.js';
import { UpstreamResponse } from './upstream-response.js';

// undici's dispatcher rather than node:http's client: about half the CPU per call here (no ClientRequest, no agent
// bookkeeping, no async resource per socket reuse). A pool per origin keeps connections warm. Its own timeouts are
// off: the three deadlines of engine/attempt.ts govern every call.
// Made on first use, so a platform started again in the same process after closeUpstreamAgents() gets a new one.
let dispatcher: Agent | null = null;
let guard: UrlGuard | null = null;
const dispatcherNow = () =>
  (dispatcher ??= new Agent({
    keepAliveTimeout: 30_000,
    headersTimeout: 0,
    bodyTimeout: 0,
    ...(guard ? { connect: { lookup: guard.lookup } } : {}),
  }));
// Hosts on the operator's allow-list (AI_PROVIDER_ALLOWED_HOSTS) are reached without the private-address refusal.
let allowListedDispatcher: Agent | null = null;
const allowListedNow = () =>
  (allowListedDispatcher ??= new Agent({ keepAliveTimeout: 30_000, headersTimeout: 0, bodyTimeout: 0 }));

/**
 * Connect-time half of the URL guard: provider names are resolved through `guard.lookup` (special-purpose
 * addresses refused, so a name that changes its answer after the save-time check is still caught) and IP
 * literals are checked before any connection.
 */
export function guardUpstream(urlGuard: UrlGuard): void {
  guard = urlGuard;
  const previous = [dispatcher, allowListedDispatcher];
  dispatcher = allowListedDispatcher = null;
  endpoints.clear();
  for (const agent of previous) void agent?.close();
}

/** A provider URL taken apart once: `new URL` costs more per call than the rest of the set-up. */
interface Endpoint {
  origin: string;
  path: string;
  /** On the operator's allow-list: reached without the guard's address check. */
  allowListed: boolean;
}

const endpoints = new LRUCache<string, Endpoint>({ max: 10_000 });

function endpointOf(address: string): Endpoint {
  let endpoint = endpoints.get(address);
  if (endpoint) return endpoint;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UpstreamError(`Invalid provider URL ${address}`, false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UpstreamError(`Invalid provider URL ${address}`, false);
  const allowListed = guard?.allowListed(url) ?? false;
  const refused = allowListed ? null : guard?.refusedHost(url.hostname);
  if (refused) throw new UpstreamError(`Refused provider URL: ${refused}`, false);
  endpoint = { origin: url.origin, path: url.pathname + url.search, allowListed };
  endpoints.set(address, endpoint);
  return endpoint;
}

/**
 * POSTs to a provider and resolves once the response's status arrived. Aborting `signal` closes the connection at
 * once, so the provider sees it go (the disconnect rule).
 */
export function postUpstream(request: UpstreamRequest, signal: CancelToken): Promise<UpstreamResponse> {
  if (isSandboxUrl(request.url)) return sandboxAnswer(request, signal);
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
    let response: UpstreamResponse | null = null;
    let stopListening: (() => void) | undefined;
    (endpoint.allowListed ? allowListedNow() : dispatcherNow()).dispatch(
      { origin: endpoint.origin, path: endpoint.path, method: 'POST', headers: request.headers, body: request.body },
      {
        onRequestStart(controller) {
          stopListening = signal.onAbort(() =>
            controller.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
          );
        },
        onResponseStart(controller, status) {
          if (status < 200) return; // an informational answer; the real one follows
          response = new UpstreamResponse(status, controller);
          resolve(response);
        },
        onResponseData(_controller, piece) {
          response?.push(piece);
        },
        onResponseEnd() {
          stopListening?.();
          response?.settle('ended');
        },
        onResponseError(_controller, error) {
          stopListening?.();
          if (response)
            response.settle(
              signal.aborted
                ? (signal.reason as Error)
                : new Error(`The provider connection closed mid-answer: ${error.message}`),
            );
          else
            reject(signal.aborted ? signal.reason : new UpstreamError(`Provider unreachable: ${error.message}`, true));
        },
      },
    );
  });
}

/** Reads a whole body up to `limit` characters (error bodies, whole completions); `onData` hears every piece. */
export function readText(res: UpstreamResponse, limit = 16 * 1024 * 1024, onData?: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.read({
      data(piece) {
        onData?.();
        text += piece;
        if (text.length > limit) {
          const error = new UpstreamError('The provider answer is too large', false);
          res.abort(error);
          reject(error);
        }
      },
      end: () => resolve(text),
      error: reject,
    });
  });
}

/** Closes every provider connection (the platform is stopping). */
export async function closeUpstreamAgents(): Promise<void> {
  const closing = [dispatcher, allowListedDispatcher];
  dispatcher = allowListedDispatcher = null;
  await Promise.all(closing.map((agent) => agent?.destroy()));
}
