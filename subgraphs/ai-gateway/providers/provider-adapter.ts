import type { ChatCompletion, ChatChunk, ChatRequest, ResponseMeta, Usage } from '../chat/chat-types.js';
import type { SseEvent } from './sse-parser.js';

/** Where one attempt goes: the provider, its model name there, and the organization's credential for it. */
export interface ProviderTarget {
  provider: string;
  model: string;
  apiKey: string;
  baseUrl: string;
}

/** An HTTP request to a provider, built by an adapter. */
export interface UpstreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Turns a provider's stream events into OpenAI chunks; keeps what it learnt of the usage. */
export interface StreamTranslator {
  /** Chunks for one event (often none); throws UpstreamError for an error event. */
  push(event: SseEvent): ChatChunk[];
  /** True once the provider said the answer is complete. */
  readonly done: boolean;
  /** Usage as far as the provider reported it (final once done). */
  readonly usage: Usage | undefined;
}

/** One wire format, translated both ways. Pure: the engine does the HTTP. */
export interface ProviderAdapter {
  readonly format: 'openai' | 'anthropic' | 'gemini';
  request(request: ChatRequest, target: ProviderTarget, stream: boolean): UpstreamRequest;
  response(body: unknown, meta: ResponseMeta): ChatCompletion;
  streamTranslator(meta: ResponseMeta): StreamTranslator;
  /** The name of the tool a structured output is asked through, for formats without response_format. */
  structuredTool?(request: ChatRequest): string | undefined;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
