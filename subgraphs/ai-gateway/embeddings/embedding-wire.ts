import type { ProviderTarget, UpstreamRequest } from '../providers/provider-adapter.js';
import { trimSlash } from '../providers/provider-adapter.js';
import { UpstreamError } from '../providers/upstream-error.js';
import { estimateTokens } from '../cache/completion-accumulator.js';
import type { EmbeddingRequest, EmbeddingResult } from './embedding-types.js';
import { passThroughEmbeddings } from './embedding-passthrough.js';

/** Embeddings in one provider's wire format: the request to send and how to read the answer. */
export interface EmbeddingWire {
  request(request: EmbeddingRequest, target: ProviderTarget): UpstreamRequest;
  /** The answer's text when it can go out as received (no vector parsed); undefined sends it to `result`. */
  passThrough?(text: string, request: EmbeddingRequest): EmbeddingResult | undefined;
  result(body: unknown, request: EmbeddingRequest, target: ProviderTarget): EmbeddingResult;
}

const isVector = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const bad = (what: string, body: unknown) =>
  new UpstreamError(`The provider answered without ${what}`, false, { providerError: body });

/** OpenAI and OpenAI-compatible servers: floats asked for upstream (not every server encodes base64; the gateway does). */
const openaiWire: EmbeddingWire = {
  request(request, target) {
    const body = {
      model: target.model,
      input: request.single ? request.input[0] : request.input,
      encoding_format: 'float',
      dimensions: request.dimensions,
      user: request.user,
    };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
    return { url: `${trimSlash(target.baseUrl)}/embeddings`, headers, body: JSON.stringify(body) };
  },
  passThrough(text, request) {
    if (request.encoding_format !== 'float') return undefined; // base64 is encoded here, from the parsed floats
    const read = passThroughEmbeddings(text, request.input.length);
    return read && { ...read, estimated: false, json: text };
  },
  result(body, request, target) {
    const answer = body as {
      data?: { index?: number; embedding?: unknown }[];
      usage?: { prompt_tokens?: number };
      model?: string;
    };
    if (!answer || !Array.isArray(answer.data) || answer.data.length !== request.input.length)
      throw bad('one embedding per input', body);
    const vectors: number[][] = [];
    answer.data.forEach((item, i) => {
      const index = typeof item.index === 'number' ? item.index : i;
      if (!isVector(item.embedding) || index < 0 || index >= request.input.length) throw bad('float embeddings', body);
      vectors[index] = item.embedding;
    });
    const reported = answer.usage?.prompt_tokens;
    return {
      vectors,
      promptTokens: reported ?? estimated(request),
      estimated: reported === undefined,
      model: answer.model ?? target.model,
    };
  },
};

/** Gemini: embedContent for one input, batchEmbedContents for several; it reports no tokens, so they are estimated. */
const geminiWire: EmbeddingWire = {
  request(request, target) {
    const model = encodeURIComponent(target.model);
    const content = (text: string) => ({ parts: [{ text }] });
    const dimensions = request.dimensions ? { outputDimensionality: request.dimensions } : {};
    const base = `${trimSlash(target.baseUrl)}/models/${model}`;
    const headers = { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey };
    if (request.single)
      return {
        url: `${base}:embedContent`,
        headers,
        body: JSON.stringify({ content: content(request.input[0]!), ...dimensions }),
      };
    const requests = request.input.map((text) => ({
      model: `models/${target.model}`,
      content: content(text),
      ...dimensions,
    }));
    return { url: `${base}:batchEmbedContents`, headers, body: JSON.stringify({ requests }) };
  },
  result(body, request, target) {
    const answer = body as { embedding?: { values?: unknown }; embeddings?: { values?: unknown }[] };
    const items = request.single ? [answer?.embedding] : answer?.embeddings;
    if (!Array.isArray(items) || items.length !== request.input.length || !items.every((e) => isVector(e?.values)))
      throw bad('one embedding per input', body);
    return {
      vectors: items.map((e) => e!.values as number[]),
      promptTokens: estimated(request),
      estimated: true,
      model: target.model,
    };
  },
};

const estimated = (request: EmbeddingRequest) => request.input.reduce((n, text) => n + estimateTokens(text.length), 0);

/** The wire of a provider's format; Anthropic has no embeddings endpoint. */
export function embeddingWireOf(format: 'openai' | 'anthropic' | 'gemini'): EmbeddingWire | undefined {
  return format === 'openai' ? openaiWire : format === 'gemini' ? geminiWire : undefined;
}

/** A vector as OpenAI's base64: little-endian float32s. */
export function base64Vector(vector: number[]): string {
  const floats = new Float32Array(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}
