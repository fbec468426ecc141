import { randomBase64url } from '../../../platform/ids/ids.js';

/** The OpenAI chat wire format: what clients send and receive, whatever the provider. */

export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

export interface TextPart {
  type: 'text';
  text: string;
}
export interface ImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: string };
}
export type ContentPart = TextPart | ImagePart;

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: Role;
  content: string | ContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop?: string | string[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: ToolDefinition[];
  tool_choice?: ToolChoice;
  response_format?: { type: 'text' | 'json_object' | 'json_schema'; json_schema?: unknown };
  user?: string;
  seed?: number;
  /** Further OpenAI parameters, passed through to OpenAI-compatible providers only. */
  [extra: string]: unknown;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** USD, from the model's price (OpenRouter's field name); on the usage chunk of a stream; absent when unpriced. */
  cost?: number;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] };
    finish_reason: FinishReason | null;
  }[];
  usage?: Usage;
}

export interface ChunkToolCall {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChunkDelta {
  role?: 'assistant';
  content?: string | null;
  tool_calls?: ChunkToolCall[];
}

export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: { index: number; delta: ChunkDelta; finish_reason: FinishReason | null }[];
  usage?: Usage | null;
}

/** Identity of the response being built: every chunk of one answer shares these. */
export interface ResponseMeta {
  id: string;
  created: number;
  model: string;
  /** The tool that carries a structured output (Anthropic's way to a json_schema): its input is the answer's text. */
  structuredTool?: string;
}

export function chunkOf(meta: ResponseMeta, delta: ChunkDelta, finish: FinishReason | null = null): ChatChunk {
  return {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

export function usageChunkOf(meta: ResponseMeta, usage: Usage): ChatChunk {
  return { id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [], usage };
}

/** The text of a message's content: string parts joined (images are carried separately by the adapters). */
export function textOf(content: ChatMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .filter((p): p is TextPart => p.type === 'text')
    .map((p) => p.text)
    .join('');
}

export const newCompletionId = () => `chatcmpl-${randomBase64url(12)}`;
