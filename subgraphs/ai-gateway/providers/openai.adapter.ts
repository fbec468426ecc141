import type { ChatChunk, ChatCompletion, ChatRequest, ResponseMeta, Usage } from '../chat/chat-types.js';
import type { ProviderAdapter, ProviderTarget, StreamTranslator, UpstreamRequest } from './provider-adapter.js';
import { trimSlash } from './provider-adapter.js';
import type { SseEvent } from './sse-parser.js';
import { UpstreamError } from './upstream-error.js';

/** OpenAI and every OpenAI-compatible server (vLLM, Ollama, Groq, a corporate proxy): the request goes as sent. */
export const openaiAdapter: ProviderAdapter = {
  format: 'openai',

  request(request: ChatRequest, target: ProviderTarget, stream: boolean): UpstreamRequest {
    // Usage is always asked for upstream (cost and the usage log need it); the client sees it only if it asked.
    // Unset rather than deleted: `delete` turns the object into a dictionary, which JSON.stringify walks slowly.
    const body = {
      ...request,
      model: target.model,
      stream,
      stream_options: stream ? { include_usage: true } : undefined,
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
    };
    if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
    return { url: `${trimSlash(target.baseUrl)}/chat/completions`, headers, body: JSON.stringify(body) };
  },

  response(body: unknown): ChatCompletion {
    const completion = body as ChatCompletion;
    if (!completion || !Array.isArray(completion.choices))
      throw new UpstreamError('The provider answered without choices', false, { providerError: body });
    return completion;
  },

  streamTranslator(meta: ResponseMeta): StreamTranslator {
    let done = false;
    let first = true;
    let usage: Usage | undefined;
    return {
      get done() {
        return done;
      },
      get usage() {
        return usage;
      },
      push(event: SseEvent): ChatChunk[] {
        if (event.data === '[DONE]') {
          done = true;
          return [];
        }
        const chunk = JSON.parse(event.data) as ChatChunk & { error?: unknown };
        if (chunk.error)
          throw new UpstreamError(`The provider failed mid-stream: ${messageOf(chunk.error)}`, false, {
            providerError: chunk.error,
          });
        if (chunk.usage) usage = chunk.usage;
        if (first) {
          // The chunks go out as the provider sent them: the usage chunk the gateway adds carries the same id and model.
          first = false;
          if (typeof chunk.id === 'string') meta.id = chunk.id;
          if (typeof chunk.model === 'string') meta.model = chunk.model;
          if (typeof chunk.created === 'number') meta.created = chunk.created;
        }
        if (!Array.isArray(chunk.choices) || chunk.choices.length === 0) return [];
        // The client gets usage in its own last chunk. Unset, not deleted (OpenAI sends `usage: null` in every chunk,
        // and `delete` would turn each into a dictionary that JSON.stringify walks slowly).
        if (chunk.usage !== undefined) chunk.usage = undefined;
        return [chunk];
      },
    };
  },
};

/** The human part of a provider's error object. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : (JSON.stringify(error)?.slice(0, 200) ?? 'unknown error');
}
