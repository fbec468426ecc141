import { randomBytes } from 'node:crypto';
import type {
  ChatChunk,
  ChatCompletion,
  ChatRequest,
  FinishReason,
  ResponseMeta,
  ToolCall,
  Usage,
} from '../chat/chat-types.js';
import { chunkOf, textOf } from '../chat/chat-types.js';
import { dataUrl, parseArguments, partsOf } from './content-parts.js';
import type { ProviderAdapter, ProviderTarget, StreamTranslator, UpstreamRequest } from './provider-adapter.js';
import { trimSlash } from './provider-adapter.js';
import type { SseEvent } from './sse-parser.js';
import { UpstreamError } from './upstream-error.js';
import { messageOf } from './openai.adapter.js';

type Part = Record<string, unknown>;
interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);

/** STOP → stop (tool_calls when the turn called functions), MAX_TOKENS → length, safety reasons → content_filter. */
export function geminiFinishReason(reason: string | undefined, sawToolCall: boolean): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason && FILTERED.has(reason)) return 'content_filter';
  return sawToolCall ? 'tool_calls' : 'stop';
}

/** Gemini has no tool-call ids: the gateway mints them. */
const mintCallId = () => `call_${randomBytes(12).toString('base64url')}`;

function usageOf(u: Record<string, number | undefined> | undefined): Usage {
  const prompt = u?.promptTokenCount ?? 0;
  const completion = (u?.candidatesTokenCount ?? 0) + (u?.thoughtsTokenCount ?? 0);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function userParts(content: ChatRequest['messages'][number]['content']): Part[] {
  return partsOf(content).map((part) => {
    if (part.type === 'text') return { text: part.text };
    const inline = dataUrl(part.image_url.url);
    return inline
      ? { inlineData: { mimeType: inline.mimeType, data: inline.data } }
      : { fileData: { fileUri: part.image_url.url } };
  });
}

/** OpenAI messages → Gemini `systemInstruction` + `contents` (assistant is `model`; tool results are functionResponse parts). */
export function geminiContents(request: ChatRequest): { systemInstruction?: { parts: Part[] }; contents: Content[] } {
  const system: string[] = [];
  const contents: Content[] = [];
  const callNames = new Map<string, string>();
  const add = (role: Content['role'], parts: Part[]) => {
    const last = contents[contents.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const m of request.messages) {
    if (m.role === 'system' || m.role === 'developer') system.push(textOf(m.content));
    else if (m.role === 'user') add('user', userParts(m.content));
    else if (m.role === 'tool') {
      const text = textOf(m.content);
      let response: Record<string, unknown> = { content: text };
      try {
        const parsed = JSON.parse(text) as unknown;
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
          response = parsed as Record<string, unknown>;
      } catch {
        // plain text result: kept under `content`
      }
      add('user', [{ functionResponse: { name: callNames.get(m.tool_call_id ?? '') ?? m.name ?? 'tool', response } }]);
    } else {
      const parts: Part[] = [];
      const text = textOf(m.content);
      if (text) parts.push({ text });
      for (const call of m.tool_calls ?? []) {
        callNames.set(call.id, call.function.name);
        parts.push({ functionCall: { name: call.function.name, args: parseArguments(call.function.arguments) } });
      }
      add('model', parts);
    }
  }
  return { ...(system.length ? { systemInstruction: { parts: [{ text: system.join('\n\n') }] } } : {}), contents };
}

export function geminiRequestBody(request: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { ...geminiContents(request) };
  const config: Record<string, unknown> = {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.top_p !== undefined) config.topP = request.top_p;
  if (request.max_tokens !== undefined) config.maxOutputTokens = request.max_tokens;
  if (request.stop !== undefined)
    config.stopSequences = typeof request.stop === 'string' ? [request.stop] : request.stop;
  if (request.presence_penalty !== undefined) config.presencePenalty = request.presence_penalty;
  if (request.frequency_penalty !== undefined) config.frequencyPenalty = request.frequency_penalty;
  if (typeof request.seed === 'number') config.seed = request.seed;
  if (request.response_format?.type === 'json_object' || request.response_format?.type === 'json_schema')
    config.responseMimeType = 'application/json';
  // Gemini takes a JSON Schema as it is in responseJsonSchema (responseSchema wants its OpenAPI subset).
  const schema =
    request.response_format?.type === 'json_schema'
      ? (request.response_format.json_schema as { schema?: unknown } | undefined)?.schema
      : undefined;
  if (schema) config.responseJsonSchema = schema;
  if (Object.keys(config).length) body.generationConfig = config;
  if (request.tools?.length) {
    body.tools = [
      {
        functionDeclarations: request.tools.map((t) => ({
          name: t.function.name,
          description: t.function.description,
          ...(t.function.parameters ? { parameters: t.function.parameters } : {}),
        })),
      },
    ];
    const choice = request.tool_choice;
    if (choice !== undefined) {
      const mode = choice === 'none' ? 'NONE' : choice === 'auto' ? 'AUTO' : 'ANY';
      body.toolConfig = {
        functionCallingConfig: {
          mode,
          ...(typeof choice === 'object' ? { allowedFunctionNames: [choice.function.name] } : {}),
        },
      };
    }
  }
  return body;
}

interface GeminiResponse {
  candidates?: { content?: { parts?: Part[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: Record<string, number>;
  modelVersion?: string;
  error?: unknown;
}

function partsToOutput(parts: Part[] | undefined): { text: string; calls: { name: string; args: unknown }[] } {
  let text = '';
  const calls: { name: string; args: unknown }[] = [];
  for (const part of parts ?? []) {
    if (typeof part.text === 'string' && !part.thought) text += part.text;
    const call = part.functionCall as { name: string; args?: unknown } | undefined;
    if (call) calls.push({ name: call.name, args: call.args ?? {} });
  }
  return { text, calls };
}

export function geminiCompletion(body: GeminiResponse, meta: ResponseMeta): ChatCompletion {
  if (!body || typeof body !== 'object')
    throw new UpstreamError('Gemini answered with no body', false, { providerError: body });
  const candidate = body.candidates?.[0];
  const { text, calls } = partsToOutput(candidate?.content?.parts);
  const toolCalls: ToolCall[] = calls.map((c) => ({
    id: mintCallId(),
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
  // A prompt blocked before any candidate exists is a content filter too.
  const finish =
    !candidate && body.promptFeedback?.blockReason
      ? 'content_filter'
      : geminiFinishReason(candidate?.finishReason, toolCalls.length > 0);
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || (toolCalls.length ? null : ''),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finish,
      },
    ],
    usage: usageOf(body.usageMetadata),
  };
}

/** Each streamed GenerateContentResponse → chunks; function calls arrive whole, so one chunk carries name and arguments. */
export function geminiStreamTranslator(meta: ResponseMeta): StreamTranslator {
  let done = false;
  let usage: Usage | undefined;
  let started = false;
  let toolCount = 0;
  return {
    get done() {
      return done;
    },
    get usage() {
      return usage;
    },
    push(event: SseEvent): ChatChunk[] {
      const data = JSON.parse(event.data) as GeminiResponse;
      if (data.error)
        throw new UpstreamError(`Gemini failed mid-stream: ${messageOf(data.error)}`, false, {
          providerError: data.error,
        });
      if (data.usageMetadata) usage = usageOf(data.usageMetadata);
      const chunks: ChatChunk[] = [];
      if (!started) {
        started = true;
        chunks.push(chunkOf(meta, { role: 'assistant', content: '' }));
      }
      const candidate = data.candidates?.[0];
      const { text, calls } = partsToOutput(candidate?.content?.parts);
      if (text) chunks.push(chunkOf(meta, { content: text }));
      for (const call of calls) {
        chunks.push(
          chunkOf(meta, {
            tool_calls: [
              {
                index: toolCount++,
                id: mintCallId(),
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.args) },
              },
            ],
          }),
        );
      }
      const reason = candidate?.finishReason ?? (!candidate && data.promptFeedback?.blockReason ? 'SAFETY' : undefined);
      if (reason) {
        done = true;
        chunks.push(chunkOf(meta, {}, geminiFinishReason(reason, toolCount > 0)));
      }
      return chunks;
    },
  };
}

export const geminiAdapter: ProviderAdapter = {
  format: 'gemini',
  request(request: ChatRequest, target: ProviderTarget, stream: boolean): UpstreamRequest {
    const model = encodeURIComponent(target.model);
    const url = `${trimSlash(target.baseUrl)}/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
    return {
      url,
      headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
      body: JSON.stringify(geminiRequestBody(request)),
    };
  },
  response: (body, meta) => geminiCompletion(body as GeminiResponse, meta),
  streamTranslator: geminiStreamTranslator,
};
