import type { ChatChunk, ChatCompletion, ChatRequest, Usage } from '../chat/chat-types.js';
import { newCompletionId, textOf, usageChunkOf } from '../chat/chat-types.js';
import { GatewayError } from '../chat/gateway-error.js';
import { costOf } from '../catalog/model-catalog.js';
import { type CompletionAccumulator, estimateTokens } from '../cache/completion-accumulator.js';
import { replayChunks } from '../cache/replay.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { Router } from '../routing/router.js';
import type { UsageEntry, UsageSink } from '../usage/usage-log.writer.js';
import type { CompletionEngine } from './completion-engine.js';
import { UpstreamError } from '../providers/upstream-error.js';
import type { CancelToken } from './cancel-token.js';
import { RelayedStream, type ChunkStream, type StreamOutcome } from './relayed-stream.js';
import type { Guardrails } from '../budgets/guardrails.js';
import type { RequestLogWriter } from '../request-logs/request-log.writer.js';

/** Who is asking: the organization, its key, the request id of the logs. */
export interface Caller {
  organizationId: string;
  keyId: string | null;
  requestId: string;
  /** The path the usage log names (chat when unset). */
  endpoint?: 'chat' | 'responses';
}

export interface CallOptions {
  /** `X-Cache-Control: no-cache`: neither read nor write the cache. */
  noCache: boolean;
  /** Aborts upstream work (client disconnected, subscription completed). */
  signal: CancelToken;
}

export interface CompletionResult {
  completion: ChatCompletion;
  /** The completion as JSON text exactly as the provider sent it, when it needed no translation. */
  json?: string;
  provider: string;
  cache: 'HIT' | 'MISS';
  /** USD; null when no price list knows the model. */
  costUsd: number | null;
}

export interface StreamResult {
  provider: string;
  cache: 'HIT' | 'MISS';
  /** OpenAI chunks, the usage chunk last when asked for; a failure mid-stream throws a GatewayError. */
  chunks: ChunkStream;
  /** USD, once the stream finished (with or without a usage chunk); undefined before or after a failure; null when unpriced. */
  costUsd(): number | null | undefined;
}

/**
 * The one completion implementation behind SSE, plain JSON and the GraphQL subscription: routing, cache,
 * fallback, cost, and one usage row per request (written later, in batches).
 */
export class ChatCompletionService {
  constructor(
    private readonly deps: {
      router: Router;
      engine: CompletionEngine;
      cache: ResponseCache;
      usage: UsageSink;
      guard?: Guardrails;
      bodies?: RequestLogWriter;
    },
  ) {}

  async complete(caller: Caller, request: ChatRequest, options: CallOptions): Promise<CompletionResult> {
    this.refuseWhenUnaccountable();
    const startedAt = performance.now();
    const log = this.logger(caller, request, false, options.noCache, startedAt);
    try {
      const targets =
        this.deps.router.resolveNow(caller.organizationId, request.model) ??
        (await this.deps.router.resolve(caller.organizationId, request.model));
      this.deps.guard?.check(caller, request.model);
      const key = this.cacheKey(caller, request, options);
      const hit = key ? this.deps.cache.get(key) : undefined;
      if (hit) {
        const usage = hit.completion.usage;
        log({
          status: 'SUCCESS',
          cache: 'HIT',
          provider: hit.provider,
          promptTokens: usage?.prompt_tokens ?? 0,
          completionTokens: usage?.completion_tokens ?? 0,
        });
        const completion = { ...hit.completion, id: newCompletionId(), created: Math.floor(Date.now() / 1000) };
        this.keepBodies(caller, request, completion);
        return { completion, provider: hit.provider, cache: 'HIT', costUsd: 0 };
      }
      const { completion, target, json } = await this.deps.engine.complete(request, targets, options.signal);
      const usage = completion.usage;
      const costUsd = costOf(target.price, usage?.prompt_tokens ?? 0, usage?.completion_tokens ?? 0);
      if (key && completion.choices[0]?.finish_reason)
        this.deps.cache.set(key, { completion, provider: target.provider });
      log({
        status: 'SUCCESS',
        target,
        promptTokens: usage?.prompt_tokens ?? 0,
        completionTokens: usage?.completion_tokens ?? 0,
        costUsd,
      });
      this.keepBodies(caller, request, completion);
      return { completion, json, provider: target.provider, cache: 'MISS', costUsd };
    } catch (error) {
      const failure = asGatewayError(error, options.signal);
      log({
        status: options.signal.aborted ? 'ABORTED' : 'ERROR',
        errorCode: failure.code,
        target: failure.lastTarget,
      });
      this.keepBodies(caller, request, failure.toBody());
      throw failure;
    }
  }

  /** Resolves once the first chunk is in hand (fallback happens before), so errors until then get a proper status. */
  async stream(caller: Caller, request: ChatRequest, options: CallOptions): Promise<StreamResult> {
    this.refuseWhenUnaccountable();
    const startedAt = performance.now();
    const log = this.logger(caller, request, true, options.noCache, startedAt);
    const includeUsage = request.stream_options?.include_usage === true;
    try {
      const targets =
        this.deps.router.resolveNow(caller.organizationId, request.model) ??
        (await this.deps.router.resolve(caller.organizationId, request.model));
      this.deps.guard?.check(caller, request.model);
      const key = this.cacheKey(caller, request, options);
      const hit = key ? this.deps.cache.get(key) : undefined;
      if (hit) {
        const meta = { id: newCompletionId(), created: Math.floor(Date.now() / 1000), model: hit.completion.model };
        const usage = hit.completion.usage;
        log({
          status: 'SUCCESS',
          cache: 'HIT',
          provider: hit.provider,
          promptTokens: usage?.prompt_tokens ?? 0,
          completionTokens: usage?.completion_tokens ?? 0,
          firstChunkMs: performance.now() - startedAt,
        });
        const chunks = replayChunks(hit.completion, meta);
        if (includeUsage && usage) chunks.push(usageChunkOf(meta, { ...usage, cost: 0 }));
        return { provider: hit.provider, cache: 'HIT', chunks: fromArray(chunks), costUsd: () => 0 };
      }
      const run = await this.deps.engine.stream(request, targets, options.signal);
      let finishedCostUsd: number | null | undefined;
      const firstChunkMs = performance.now() - startedAt;
      // Whatever ends the stream, one usage row: the provider's usage, or (cut short) tokens estimated from what was sent.
      const cutShort = (received: CompletionAccumulator, status: UsageEntry['status'], errorCode: string | null) => {
        const reported = run.usage();
        const promptTokens = reported?.prompt_tokens || estimatedUsage(request, 0).prompt_tokens;
        const completionTokens = Math.max(reported?.completion_tokens ?? 0, estimateTokens(received.outputChars));
        const costUsd = costOf(run.target.price, promptTokens, completionTokens);
        log({
          status,
          errorCode,
          target: run.target,
          promptTokens,
          completionTokens,
          costUsd,
          firstChunkMs,
          estimated: true,
        });
      };
      const outcome: StreamOutcome = {
        succeeded: (received) => {
          const usage = run.usage() ?? estimatedUsage(request, received.outputChars);
          const costUsd = costOf(run.target.price, usage.prompt_tokens, usage.completion_tokens);
          if (key && received.finished)
            this.deps.cache.set(key, {
              completion: { ...received.completion(), usage },
              provider: run.target.provider,
            });
          log({
            status: 'SUCCESS',
            target: run.target,
            promptTokens: usage.prompt_tokens,
            completionTokens: usage.completion_tokens,
            costUsd,
            firstChunkMs,
            estimated: !run.usage(),
          });
          this.keepBodies(caller, request, { ...received.completion(), usage });
          finishedCostUsd = costUsd;
          return includeUsage
            ? usageChunkOf(run.meta, costUsd === null ? usage : { ...usage, cost: costUsd })
            : undefined;
        },
        failed: (error, received) => {
          let failure: GatewayError | undefined;
          try {
            failure = asGatewayError(error, options.signal); // throws an unexpected error on, logged as aborted below
          } finally {
            cutShort(received, failure && !options.signal.aborted ? 'ERROR' : 'ABORTED', failure?.code ?? null);
          }
          return failure;
        },
        // A consumer that stopped reading: the tokens used so far are still logged.
        stopped: (received) => cutShort(received, 'ABORTED', null),
      };
      return {
        provider: run.target.provider,
        cache: 'MISS',
        chunks: new RelayedStream(run, outcome),
        costUsd: () => finishedCostUsd,
      };
    } catch (error) {
      const failure = asGatewayError(error, options.signal);
      log({
        status: options.signal.aborted ? 'ABORTED' : 'ERROR',
        errorCode: failure.code,
        target: failure.lastTarget,
      });
      throw failure;
    }
  }

  /** The request and its answer, for an organization that keeps bodies (an in-memory check; the work is the writer's). */
  private keepBodies(caller: Caller, request: ChatRequest, response: unknown) {
    const bodies = this.deps.bodies;
    const logging = bodies?.loggingOf(caller.organizationId);
    if (logging)
      bodies!.record({
        organizationId: caller.organizationId,
        requestId: caller.requestId,
        endpoint: caller.endpoint ?? 'chat',
        model: request.model,
        request,
        response,
        logging,
      });
  }

  /** Every request is billed from the usage log: while its store is down and the backlog full, none is served (503). */
  private refuseWhenUnaccountable() {
    if (!this.deps.usage.accepting)
      throw new GatewayError(
        'service_unavailable',
        'The AI gateway is temporarily unavailable (usage log backlog full); retry shortly',
      );
  }

  private cacheKey(caller: Caller, request: ChatRequest, options: CallOptions): string | null {
    return options.noCache || !this.deps.cache.enabled ? null : this.deps.cache.keyOf(caller.organizationId, request);
  }

  private logger(caller: Caller, request: ChatRequest, stream: boolean, noCache: boolean, startedAt: number) {
    let written = false;
    return (fields: {
      status: UsageEntry['status'];
      cache?: 'HIT';
      target?: { provider: string; model: string };
      provider?: string;
      promptTokens?: number;
      completionTokens?: number;
      costUsd?: number | null;
      errorCode?: string | null;
      firstChunkMs?: number;
      estimated?: boolean;
    }) => {
      if (written) return;
      written = true;
      this.deps.usage.record({
        organizationId: caller.organizationId,
        requestId: caller.requestId,
        keyId: caller.keyId,
        endpoint: caller.endpoint,
        model: request.model,
        provider: fields.target?.provider ?? fields.provider ?? null,
        providerModel: fields.target?.model ?? null,
        promptTokens: fields.promptTokens ?? 0,
        completionTokens: fields.completionTokens ?? 0,
        costUsd: fields.costUsd === undefined ? 0 : fields.costUsd,
        latencyMs: performance.now() - startedAt,
        firstChunkMs: fields.firstChunkMs ?? null,
        cache: fields.cache ?? (noCache ? 'BYPASS' : 'MISS'),
        status: fields.status,
        errorCode: fields.errorCode ?? null,
        stream,
        estimated: fields.estimated ?? false,
        createdAt: new Date(),
      });
    };
  }
}

/** Prompt tokens estimated from the characters sent, for a stream cut short before the provider reported usage. */
function estimatedUsage(request: ChatRequest, outputChars: number): Usage {
  const promptChars = request.messages.reduce((n, m) => n + textOf(m.content).length, 0);
  const prompt = estimateTokens(promptChars);
  const completion = estimateTokens(outputChars);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function asGatewayError(error: unknown, signal: CancelToken): GatewayError {
  if (error instanceof GatewayError) return error;
  if (signal.aborted) return new GatewayError('service_unavailable', 'The request was cancelled');
  if (error instanceof UpstreamError) {
    return error.retriable
      ? new GatewayError('provider_unavailable', error.message, undefined, error.details.providerError)
      : new GatewayError(
          'provider_error',
          error.message,
          undefined,
          error.details.providerError ?? { message: error.message },
        );
  }
  throw error;
}

async function* fromArray(chunks: ChatChunk[]): AsyncGenerator<ChatChunk, void, undefined> {
  yield* chunks;
}
