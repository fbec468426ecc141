import { StringDecoder } from 'node:string_decoder';
import { Agent, type Dispatcher } from 'undici';
import type { UpstreamRequest } from './provider-adapter.js';
import { UpstreamError } from './upstream-error.js';
import type { UrlGuard } from '../../../platform/net/url-guard.js';
import type { CancelToken } from '../engine/cancel-token.js';
import { LRUCache } from 'lru-cache';
import { isSandboxUrl, sandboxAnswer } from './sandbox-upstream.js';

// undici's dispatcher rather than node:http's client: about half the CPU per call here (no ClientRequest, no agent
// bookkeeping, no async resource per socket reuse). A pool per origin keeps connections warm. Its own timeouts are
// off: the three deadlines of engine/attempt.ts govern every call.
// Made on first use, so a platform started again in the same process after closeUpstreamAgents() gets a new one.
let dispatcher: Agent | null = null;
let guard: UrlGuard | null = null;
const dispatcherNow = () =>
  (dispatcher ??= new Agent({ keepAliveTimeout: 30_000, headersTimeout: 0, bodyTimeout: 0, ...(guard ? { connect: { lookup: guard.lookup } } : {}) }));
// Hosts on the operator's allow-list (AI_PROVIDER_ALLOWED_HOSTS) are reached without the private-address refusal.
let allowListedDispatcher: Agent | null = null;
const allowListedNow = () => (allowListedDispatcher ??= new Agent({ keepAliveTimeout: 30_000, headersTimeout: 0, bodyTimeout: 0 }));

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
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UpstreamError(`Invalid provider URL ${address}`, false);
  const allowListed = guard?.allowListed(url) ?? false;
  const refused = allowListed ? null : guard?.refusedHost(url.hostname);
  if (refused) throw new UpstreamError(`Refused provider URL: ${refused}`, false);
  endpoint = { origin: url.origin, path: url.pathname + url.search, allowListed };
  endpoints.set(address, endpoint);
  return endpoint;
}

/** Where a response's body goes, piece by piece as text, then its end or failure (once). */
export interface BodySink {
  data(text: string): void;
  end(): void;
  error(error: Error): void;
}

/** What a response needs of its connection: backpressure and abort (undici's controller, or the sandbox's). */
export type BodyController = Pick<Dispatcher.DispatchController, 'pause' | 'resume' | 'paused' | 'abort'>;

/**
 * A provider's answer once its status arrived. The body is handed to one `read` sink; pieces that arrive before
 * it is attached wait in order. `pause`/`resume` apply backpressure to the connection.
 */
export class UpstreamResponse {
  private sink: BodySink | null = null;
  private early: Buffer[] = [];
  private outcome: 'open' | 'ended' | Error = 'open';
  private decoder: StringDecoder | null = null;

  constructor(readonly status: number, private readonly controller: BodyController) {}

  read(sink: BodySink) {
    this.sink = sink;
    for (const piece of this.early) this.deliver(piece);
    this.early = [];
    if (this.outcome === 'ended') this.finish();
    else if (this.outcome !== 'open') sink.error(this.outcome);
  }

  pause() {
    this.controller.pause();
  }

  resume() {
    this.controller.resume();
  }

  get paused(): boolean {
    return this.controller.paused;
  }

  /** Closes the connection (the provider sees it go). */
  abort(reason: Error) {
    this.controller.abort(reason);
  }

  /** @internal the dispatch handler's side */
  push(piece: Buffer) {
    if (this.sink) this.deliver(piece);
    else this.early.push(piece);
  }

  /** @internal */
  settle(outcome: 'ended' | Error) {
    if (this.outcome !== 'open') return;
    this.outcome = outcome;
    if (!this.sink) return;
    if (outcome === 'ended') this.finish();
    else this.sink.error(outcome);
  }

  private deliver(piece: Buffer) {
    // A UTF-8 character may straddle two pieces; the decoder holds its first bytes back.
    this.sink!.data((this.decoder ??= new StringDecoder('utf8')).write(piece));
  }

  private finish() {
    const rest = this.decoder?.end();
    if (rest) this.sink!.data(rest);
    this.sink!.end();
  }
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
    (endpoint.allowListed ? allowListedNow() : dispatcherNow()).dispatch({ origin: endpoint.origin, path: endpoint.path, method: 'POST', headers: request.headers, body: request.body }, {
      onRequestStart(controller) {
        stopListening = signal.onAbort(() => controller.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted')));
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
        if (response) response.settle(signal.aborted ? (signal.reason as Error) : new Error(`The provider connection closed mid-answer: ${error.message}`));
        else reject(signal.aborted ? signal.reason : new UpstreamError(`Provider unreachable: ${error.message}`, true));
      },
    });
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
