import type { ChatChunk, ChatCompletion, ChatRequest, ResponseMeta, Usage } from '../chat/chat-types.js';
import { newCompletionId } from '../chat/chat-types.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { ModelPrice } from '../catalog/model-catalog.js';
import type { ProviderAdapter, ProviderTarget } from '../providers/provider-adapter.js';
import { postUpstream, readText } from '../providers/upstream-http.js';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import { UpstreamError, providerErrorOf, retriableStatus, retriableStreamError } from '../providers/upstream-error.js';
import { Attempt } from './attempt.js';
import { UpstreamChunks } from './upstream-chunks.js';
import type { Deadlines } from './deadlines.js';
import type { CancelToken } from './cancel-token.js';

/** A target with its wire format and (when an override or a price list has it) its price. */
export interface ResolvedTarget extends ProviderTarget {
  adapter: ProviderAdapter;
  price?: ModelPrice;
}

/** A stream that has started: its first chunk is in hand, so there is no falling back any more. */
export interface StreamRun {
  target: ResolvedTarget;
  meta: ResponseMeta;
  /** Every chunk in order; throws UpstreamError when the provider fails mid-stream. `return()` aborts upstream. */
  chunks: AsyncIterableIterator<ChatChunk>;
  /** Usage as far as the provider reported it. */
  usage(): Usage | undefined;
}

interface Failure {
  target: ResolvedTarget;
  error: UpstreamError;
}

/** Calls providers in fallback order under the deadlines. Fallback only before anything reached the client. */
export class CompletionEngine {
  constructor(private readonly deadlines: Deadlines) {}

  async complete(
    request: ChatRequest,
    targets: ResolvedTarget[],
    signal: CancelToken,
  ): Promise<{ completion: ChatCompletion; target: ResolvedTarget; json?: string }> {
    const startedAt = Date.now();
    const failures: Failure[] = [];
    for (const target of targets) {
      const attempt = new Attempt(signal, this.deadlines, startedAt);
      try {
        const res = await postUpstream(target.adapter.request(request, target, false), attempt.signal);
        attempt.startIdleClock();
        const text = await readText(res, undefined, () => attempt.touch());
        refuseError(res, text);
        const meta = {
          id: newCompletionId(),
          created: Math.floor(Date.now() / 1000),
          model: target.model,
          structuredTool: target.adapter.structuredTool?.(request),
        };
        const completion = target.adapter.response(JSON.parse(text), meta);
        // An OpenAI-compatible answer is the completion itself: its text goes out as received, not re-serialized.
        return { completion, target, json: target.adapter.format === 'openai' ? text : undefined };
      } catch (error) {
        const failure = attempt.errorFor(error);
        if (!(failure instanceof UpstreamError)) throw failure;
        failures.push({ target, error: failure });
        if (!failure.retriable || Date.now() - startedAt >= this.deadlines.totalMs) break;
      } finally {
        attempt.finish(false);
      }
    }
    throw failureError(failures);
  }

  async stream(request: ChatRequest, targets: ResolvedTarget[], signal: CancelToken): Promise<StreamRun> {
    const startedAt = Date.now();
    const failures: Failure[] = [];
    for (const target of targets) {
      const attempt = new Attempt(signal, this.deadlines, startedAt);
      try {
        const res = await postUpstream(target.adapter.request(request, target, true), attempt.signal);
        if (res.status >= 400) refuseError(res, await readText(res, 1024 * 1024));
        const meta = {
          id: newCompletionId(),
          created: Math.floor(Date.now() / 1000),
          model: target.model,
          structuredTool: target.adapter.structuredTool?.(request),
        };
        const translator = target.adapter.streamTranslator(meta);
        const chunks = new UpstreamChunks(res, translator, attempt);
        const first = await chunks.next(); // still under the first-byte deadline
        if (first.done) throw new UpstreamError('The provider closed the stream without an answer', true);
        attempt.startIdleClock();
        chunks.unshift(first.value);
        return { target, meta, chunks, usage: () => translator.usage };
      } catch (error) {
        attempt.finish(true);
        const failure = attempt.errorFor(error);
        if (!(failure instanceof UpstreamError)) throw failure;
        failures.push({ target, error: failure });
        if (!mayFallBack(failure) || Date.now() - startedAt >= this.deadlines.totalMs) break;
      }
    }
    throw failureError(failures);
  }
}

/**
 * Whether the next target may be tried after this failure. An error event before the first chunk (Anthropic's
 * overloaded_error in a 200 stream) is a 429 or 5xx in another form, and nothing reached the client yet.
 */
function mayFallBack(failure: UpstreamError): boolean {
  return failure.retriable || retriableStreamError(failure.details.providerError);
}

/** Throws the provider's error answer as an UpstreamError (retriable or not by its status). */
function refuseError(res: UpstreamResponse, text: string): void {
  const status = res.status;
  if (status < 400) return;
  throw new UpstreamError(`The provider answered HTTP ${status}`, retriableStatus(status), {
    status,
    providerError: providerErrorOf(text),
  });
}

/** Every target failed: a non-retriable answer is the provider's error (500), otherwise they were unavailable (502). */
export function failureError(failures: Failure[]): GatewayError {
  const last = failures[failures.length - 1];
  if (!last) return new GatewayError('provider_unavailable', 'No provider could be tried');
  const error = mayFallBack(last.error)
    ? new GatewayError(
        'provider_unavailable',
        `Every provider failed: ${failures.map((f) => `${f.target.provider} (${f.error.message})`).join('; ')}`,
        undefined,
        last.error.details.providerError,
      )
    : new GatewayError(
        'provider_error',
        `${last.target.provider}: ${last.error.message}`,
        undefined,
        last.error.details.providerError ?? { message: last.error.message },
      );
  error.lastTarget = { provider: last.target.provider, model: last.target.model };
  return error;
}
