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

/** Anthropic requires max_tokens; this is what a request without one gets. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
export const ANTHROPIC_VERSION = '2023-06-01';

type Block = Record<string, unknown>;
interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

/** end_turn, stop_sequence, pause_turn → stop; tool_use → tool_calls; max_tokens → length; refusal → content_filter. */
export function anthropicFinishReason(reason: string | null | undefined, sawToolCall: boolean): FinishReason {
  switch (reason) {
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
      return 'length';
    case 'refusal':
      return 'content_filter';
    default:
      // Some models end a mixed text + tool turn with end_turn; the caller still has calls to run.
      return sawToolCall ? 'tool_calls' : 'stop';
  }
}

function usageOf(u: Record<string, number | undefined> | undefined): Usage {
  const prompt = (u?.input_tokens ?? 0) + (u?.cache_read_input_tokens ?? 0) + (u?.cache_creation_input_tokens ?? 0);
  const completion = u?.output_tokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function userBlocks(content: ChatRequest['messages'][number]['content']): Block[] {
  return partsOf(content).map((part) => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    const inline = dataUrl(part.image_url.url);
    return inline
      ? { type: 'image', source: { type: 'base64', media_type: inline.mimeType, data: inline.data } }
      : { type: 'image', source: { type: 'url', url: part.image_url.url } };
  });
}

/** OpenAI messages → Anthropic `system` + alternating messages; tool results ride in user turns. */
export function anthropicMessages(request: ChatRequest): { system?: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const messages: AnthropicMessage[] = [];
  const add = (role: AnthropicMessage['role'], blocks: Block[]) => {
    const last = messages[messages.length - 1];
    // Anthropic wants turns to alternate: consecutive same-role messages (parallel tool results) merge.
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const m of request.messages) {
    if (m.role === 'system' || m.role === 'developer') system.push(textOf(m.content));
    else if (m.role === 'user') add('user', userBlocks(m.content));
    else if (m.role === 'tool')
      add('user', [{ type: 'tool_result', tool_use_id: m.tool_call_id, content: textOf(m.content) }]);
    else {
      const blocks: Block[] = [];
      const text = textOf(m.content);
      if (text) blocks.push({ type: 'text', text });
      for (const call of m.tool_calls ?? [])
        blocks.push({
          type: 'tool_use',
          id: call.id,
          name: call.function.name,
          input: parseArguments(call.function.arguments),
        });
      add('assistant', blocks);
    }
  }
  return { system: system.length ? system.join('\n\n') : undefined, messages };
}

function toolChoiceOf(choice: ChatRequest['tool_choice']): Block | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'required') return { type: 'any' };
  if (choice === 'none') return { type: 'none' };
  return { type: 'tool', name: choice.function.name };
}

/**
 * Messages has no response_format. A json_schema without tools of its own is asked as a forced tool whose input
 * schema is the schema (LiteLLM's way); its input comes back as the answer's text. Otherwise (json_object, or a
 * schema beside tools) the system prompt asks for JSON.
 */
export function structuredToolOf(request: ChatRequest): string | undefined {
  const format = request.response_format;
  if (format?.type !== 'json_schema' || request.tools?.length) return undefined;
  const name = (format.json_schema as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(name) ? name : 'json_response';
}

function jsonInstruction(request: ChatRequest): string | undefined {
  const format = request.response_format;
  if (format?.type === 'json_object') return 'Respond with a single JSON object and nothing else.';
  if (format?.type === 'json_schema' && request.tools?.length) {
    return `Respond with a single JSON object matching this JSON schema, and nothing else: ${JSON.stringify((format.json_schema as { schema?: unknown } | undefined)?.schema ?? {})}`;
  }
  return undefined;
}

export function anthropicRequestBody(request: ChatRequest, model: string, stream: boolean): Record<string, unknown> {
  const { system: asked, messages } = anthropicMessages(request);
  const instruction = jsonInstruction(request);
  const system = instruction ? (asked ? `${asked}\n\n${instruction}` : instruction) : asked;
  const body: Record<string, unknown> = {
    model,
    messages,
    max_tokens: request.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
  };
  if (system) body.system = system;
  // Anthropic's temperature range is 0..1; OpenAI's 0..2 is clamped rather than refused.
  if (request.temperature !== undefined) body.temperature = Math.min(request.temperature, 1);
  if (request.top_p !== undefined) body.top_p = request.top_p;
  if (request.stop !== undefined)
    body.stop_sequences = typeof request.stop === 'string' ? [request.stop] : request.stop;
  if (request.tools?.length) {
    body.tools = request.tools.map((t) => ({
      name: t.function.name,
      description: t.function.description,
      input_schema: t.function.parameters ?? { type: 'object', properties: {} },
    }));
  }
  const toolChoice = toolChoiceOf(request.tool_choice);
  if (toolChoice && request.tools?.length) body.tool_choice = toolChoice;
  const structured = structuredToolOf(request);
  if (structured) {
    const schema = (request.response_format!.json_schema as { schema?: unknown } | undefined)?.schema;
    body.tools = [
      {
        name: structured,
        description: 'Answer with this structure',
        input_schema: schema ?? { type: 'object', properties: {} },
      },
    ];
    body.tool_choice = { type: 'tool', name: structured };
  }
  if (request.user) body.metadata = { user_id: request.user };
  if (stream) body.stream = true;
  return body;
}

interface AnthropicResponse {
  id?: string;
  model?: string;
  content?: { type: string; text?: string; id?: string; name?: string; input?: unknown }[];
  stop_reason?: string | null;
  usage?: Record<string, number>;
}

export function anthropicCompletion(body: AnthropicResponse, meta: ResponseMeta): ChatCompletion {
  if (!body || !Array.isArray(body.content))
    throw new UpstreamError('Anthropic answered without content', false, { providerError: body });
  const structured = body.content.find((b) => b.type === 'tool_use' && b.name === meta.structuredTool);
  const text = structured
    ? JSON.stringify(structured.input ?? {})
    : body.content
        .filter((b) => b.type === 'text')
        .map((b) => b.text ?? '')
        .join('');
  const calls: ToolCall[] = body.content
    .filter((b) => b.type === 'tool_use' && b !== structured)
    .map((b) => ({
      id: b.id!,
      type: 'function',
      function: { name: b.name!, arguments: JSON.stringify(b.input ?? {}) },
    }));
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: body.model ?? meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || (calls.length ? null : ''),
          ...(calls.length ? { tool_calls: calls } : {}),
        },
        finish_reason:
          structured && body.stop_reason === 'tool_use'
            ? 'stop'
            : anthropicFinishReason(body.stop_reason, calls.length > 0),
      },
    ],
    usage: usageOf(body.usage),
  };
}

/** Messages SSE → OpenAI chunks. Tool calls get their own 0-based index (Anthropic's block index counts text blocks too). */
export function anthropicStreamTranslator(meta: ResponseMeta): StreamTranslator {
  let done = false;
  let usage: Usage | undefined;
  let rawUsage: Record<string, number> = {};
  let toolCount = 0;
  const toolIndexOfBlock = new Map<number, number>();
  /** Block index of the structured-output tool: its JSON streams as content. */
  let structuredBlock: number | undefined;
  return {
    get done() {
      return done;
    },
    get usage() {
      return usage;
    },
    push(event: SseEvent): ChatChunk[] {
      const data = JSON.parse(event.data) as Record<string, any>;
      switch (data.type) {
        case 'message_start':
          rawUsage = { ...(data.message?.usage ?? {}) };
          usage = usageOf(rawUsage);
          return [chunkOf(meta, { role: 'assistant', content: '' })];
        case 'content_block_start': {
          const block = data.content_block ?? {};
          if (block.type === 'tool_use' && block.name === meta.structuredTool) {
            structuredBlock = data.index;
            return [];
          }
          if (block.type === 'tool_use') {
            const index = toolCount++;
            toolIndexOfBlock.set(data.index, index);
            return [
              chunkOf(meta, {
                tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }],
              }),
            ];
          }
          return block.type === 'text' && block.text && !meta.structuredTool
            ? [chunkOf(meta, { content: block.text })]
            : [];
        }
        case 'content_block_delta': {
          const delta = data.delta ?? {};
          // With a structured output the forced tool's JSON is the whole text: a preface would break it.
          if (delta.type === 'text_delta') return meta.structuredTool ? [] : [chunkOf(meta, { content: delta.text })];
          if (delta.type === 'input_json_delta' && data.index === structuredBlock)
            return delta.partial_json ? [chunkOf(meta, { content: delta.partial_json })] : [];
          if (delta.type === 'input_json_delta') {
            const index = toolIndexOfBlock.get(data.index);
            return index === undefined || !delta.partial_json
              ? []
              : [chunkOf(meta, { tool_calls: [{ index, function: { arguments: delta.partial_json } }] })];
          }
          return []; // thinking and signature deltas have no OpenAI counterpart
        }
        case 'message_delta':
          // output_tokens here is cumulative: it replaces, never adds.
          rawUsage = { ...rawUsage, ...(data.usage ?? {}) };
          usage = usageOf(rawUsage);
          return [
            chunkOf(
              meta,
              {},
              structuredBlock !== undefined && toolCount === 0
                ? 'stop'
                : anthropicFinishReason(data.delta?.stop_reason, toolCount > 0),
            ),
          ];
        case 'message_stop':
          done = true;
          return [];
        case 'error':
          throw new UpstreamError(`Anthropic failed mid-stream: ${data.error?.message ?? 'unknown error'}`, false, {
            providerError: data.error ?? data,
          });
        default:
          return []; // ping, content_block_stop
      }
    },
  };
}

export const anthropicAdapter: ProviderAdapter = {
  format: 'anthropic',
  request(request: ChatRequest, target: ProviderTarget, stream: boolean): UpstreamRequest {
    return {
      url: `${trimSlash(target.baseUrl)}/messages`,
      headers: {
        'content-type': 'application/json',
        'x-api-key': target.apiKey,
        'anthropic-version': ANTHROPIC_VERSION,
      },
      body: JSON.stringify(anthropicRequestBody(request, target.model, stream)),
    };
  },
  response: (body, meta) => anthropicCompletion(body as AnthropicResponse, meta),
  streamTranslator: anthropicStreamTranslator,
  structuredTool: structuredToolOf,
};
