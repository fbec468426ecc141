import { GatewayError } from '../chat/gateway-error.js';
import { costOf } from '../catalog/model-catalog.js';
import type { Router } from '../routing/router.js';
import type { UsageSink } from '../usage/usage-log.writer.js';
import type { Deadlines } from '../engine/deadlines.js';
import { Attempt } from '../engine/attempt.js';
import type { CancelToken } from '../engine/cancel-token.js';
import { failureError, type ResolvedTarget } from '../engine/completion-engine.js';
import type { Caller } from '../engine/chat-completion.service.js';
import { postUpstream, readText } from '../providers/upstream-http.js';
import { UpstreamError, providerErrorOf, retriableStatus } from '../providers/upstream-error.js';
import { base64Vector, embeddingWireOf } from './embedding-wire.js';
import type { EmbeddingRequest, EmbeddingResult } from './embedding-types.js';
import type { Guardrails } from '../budgets/guardrails.js';

/** OpenAI's embeddings answer. */
export interface EmbeddingResponse {
  object: 'list';
  data: { object: 'embedding'; index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

/**
 * POST /ai/v1/embeddings: the model resolved like a chat model, targets tried in fallback order (the chat rules:
 * 429, 5xx, deadlines and connection failures go on to the next), one usage row per request.
 */
export class EmbeddingService {
  constructor(private readonly deps: { router: Router; usage: UsageSink; deadlines: Deadlines; guard?: Guardrails }) {}

  /** `body` is the answer, or its JSON text as the provider sent it when that already is the answer. */
  async embed(
    caller: Caller,
    request: EmbeddingRequest,
    signal: CancelToken,
  ): Promise<{ body: EmbeddingResponse | string; provider: string; costUsd: number | null }> {
    if (!this.deps.usage.accepting)
      throw new GatewayError(
        'service_unavailable',
        'The AI gateway is temporarily unavailable (usage log backlog full); retry shortly',
      );
    const startedAt = performance.now();
    let target: ResolvedTarget | undefined;
    try {
      const targets = (await this.deps.router.resolve(caller.organizationId, request.model)).filter((t) =>
        embeddingWireOf(t.adapter.format),
      );
      this.deps.guard?.check(caller, request.model);
      if (targets.length === 0)
        throw new GatewayError(
          'invalid_request',
          `No provider of '${request.model}' has embeddings (Anthropic has none)`,
          'model',
        );
      const { result, target: answered } = await this.call(request, targets, signal);
      target = answered;
      const costUsd = costOf(answered.price, result.promptTokens, 0);
      this.record(caller, request, startedAt, {
        status: 'SUCCESS',
        target: answered,
        promptTokens: result.promptTokens,
        costUsd,
        estimated: result.estimated,
      });
      if ('json' in result) return { body: result.json, provider: answered.provider, costUsd };
      const data = result.vectors.map((vector, index) => ({
        object: 'embedding' as const,
        index,
        embedding: request.encoding_format === 'base64' ? base64Vector(vector) : vector,
      }));
      return {
        body: {
          object: 'list',
          data,
          model: result.model,
          usage: { prompt_tokens: result.promptTokens, total_tokens: result.promptTokens },
        },
        provider: answered.provider,
        costUsd,
      };
    } catch (error) {
      const failure =
        error instanceof GatewayError
          ? error
          : signal.aborted
            ? new GatewayError('service_unavailable', 'The request was cancelled')
            : undefined;
      if (!failure) throw error;
      this.record(caller, request, startedAt, {
        status: signal.aborted ? 'ABORTED' : 'ERROR',
        target: failure.lastTarget ?? target,
        errorCode: failure.code,
      });
      throw failure;
    }
  }

  private async call(
    request: EmbeddingRequest,
    targets: ResolvedTarget[],
    signal: CancelToken,
  ): Promise<{ result: EmbeddingResult; target: ResolvedTarget }> {
    const startedAt = Date.now();
    const failures: { target: ResolvedTarget; error: UpstreamError }[] = [];
    for (const target of targets) {
      const wire = embeddingWireOf(target.adapter.format)!;
      const attempt = new Attempt(signal, this.deps.deadlines, startedAt);
      try {
        const res = await postUpstream(wire.request(request, target), attempt.signal);
        attempt.startIdleClock();
        const text = await readText(res, 256 * 1024 * 1024, () => attempt.touch());
        if (res.status >= 400)
          throw new UpstreamError(`The provider answered HTTP ${res.status}`, retriableStatus(res.status), {
            status: res.status,
            providerError: providerErrorOf(text),
          });
        return { result: wire.passThrough?.(text, request) ?? wire.result(JSON.parse(text), request, target), target };
      } catch (error) {
        const failure = attempt.errorFor(error);
        if (!(failure instanceof UpstreamError)) throw failure;
        failures.push({ target, error: failure });
        if (!failure.retriable || Date.now() - startedAt >= this.deps.deadlines.totalMs) break;
      } finally {
        attempt.finish(false);
      }
    }
    throw failureError(failures);
  }

  private record(
    caller: Caller,
    request: EmbeddingRequest,
    startedAt: number,
    fields: {
      status: 'SUCCESS' | 'ERROR' | 'ABORTED';
      target?: { provider: string; model: string };
      promptTokens?: number;
      costUsd?: number | null;
      errorCode?: string;
      estimated?: boolean;
    },
  ) {
    this.deps.usage.record({
      organizationId: caller.organizationId,
      requestId: caller.requestId,
      keyId: caller.keyId,
      endpoint: 'embeddings',
      model: request.model,
      provider: fields.target?.provider ?? null,
      providerModel: fields.target?.model ?? null,
      promptTokens: fields.promptTokens ?? 0,
      completionTokens: 0,
      costUsd: fields.costUsd === undefined ? 0 : fields.costUsd,
      latencyMs: performance.now() - startedAt,
      firstChunkMs: null,
      cache: 'BYPASS',
      status: fields.status,
      errorCode: fields.errorCode ?? null,
      stream: false,
      estimated: fields.estimated ?? false,
      createdAt: new Date(),
    });
  }
}
