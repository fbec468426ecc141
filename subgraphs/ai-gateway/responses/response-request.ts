import type { ChatMessage, ChatRequest, ContentPart, ToolCall } from '../chat/chat-types.js';
import { invalidParam } from '../chat/gateway-error.js';
import { validateChatRequest } from '../chat/chat-request.validate.js';

/** A Responses API request as validated: what is translated to chat, and what the response object echoes. */
export interface ResponsesRequest {
  model: string;
  /** The new turn's input as chat messages (instructions excluded). */
  input: ChatMessage[];
  instructions?: string;
  previousResponseId?: string;
  stream: boolean;
  store: boolean;
  tools: {
    type: 'function';
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean;
  }[];
  toolChoice?: unknown;
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  textFormat?: {
    type: 'text' | 'json_object' | 'json_schema';
    name?: string;
    schema?: Record<string, unknown>;
    strict?: boolean;
  };
  user?: string;
  metadata?: Record<string, string>;
}

const KNOWN = new Set([
  'model',
  'input',
  'instructions',
  'previous_response_id',
  'stream',
  'store',
  'tools',
  'tool_choice',
  'temperature',
  'top_p',
  'max_output_tokens',
  'text',
  'user',
  'metadata',
  'parallel_tool_calls',
]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ROLES = new Set(['user', 'assistant', 'system', 'developer']);

/** Message content of an input item: a string, or input_text / output_text / input_image parts. */
function contentOf(content: unknown, at: string): string | ContentPart[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw invalidParam(`${at}.content`, 'content must be a string or an array of parts');
  return content.map((part: unknown, j) => {
    if (!isObject(part)) throw invalidParam(`${at}.content[${j}]`, 'A content part must be an object');
    if ((part.type === 'input_text' || part.type === 'output_text') && typeof part.text === 'string')
      return { type: 'text', text: part.text };
    if (part.type === 'input_image' && typeof part.image_url === 'string')
      return { type: 'image_url', image_url: { url: part.image_url } };
    throw invalidParam(
      `${at}.content[${j}]`,
      'A content part is {type: input_text | output_text, text} or {type: input_image, image_url}',
    );
  });
}

/** Input items → chat messages: messages as they are, function calls into one assistant turn, their outputs as tool messages. */
function inputMessages(input: unknown): ChatMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input) || input.length === 0)
    throw invalidParam('input', 'input must be a string or a non-empty array of items');
  const messages: ChatMessage[] = [];
  input.forEach((item: unknown, i) => {
    const at = `input[${i}]`;
    if (!isObject(item)) throw invalidParam(at, `${at} must be an object`);
    if (item.type === 'function_call') {
      if (typeof item.call_id !== 'string' || typeof item.name !== 'string' || typeof item.arguments !== 'string')
        throw invalidParam(at, 'A function_call item is {call_id, name, arguments}');
      const call: ToolCall = {
        id: item.call_id,
        type: 'function',
        function: { name: item.name, arguments: item.arguments },
      };
      const last = messages[messages.length - 1];
      if (last?.role === 'assistant' && last.tool_calls) last.tool_calls.push(call);
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
      return;
    }
    if (item.type === 'function_call_output') {
      if (typeof item.call_id !== 'string' || typeof item.output !== 'string')
        throw invalidParam(at, 'A function_call_output item is {call_id, output}');
      messages.push({ role: 'tool', tool_call_id: item.call_id, content: item.output });
      return;
    }
    if (item.type !== undefined && item.type !== 'message')
      throw invalidParam(`${at}.type`, 'Items are messages, function_call or function_call_output');
    if (typeof item.role !== 'string' || !ROLES.has(item.role))
      throw invalidParam(`${at}.role`, 'role must be user, assistant, system or developer');
    messages.push({ role: item.role as ChatMessage['role'], content: contentOf(item.content, at) });
  });
  return messages;
}

function toolsOf(tools: unknown): ResponsesRequest['tools'] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw invalidParam('tools', 'tools must be an array');
  return tools.map((tool: unknown, i) => {
    if (!isObject(tool) || tool.type !== 'function' || typeof tool.name !== 'string')
      throw invalidParam(
        `tools[${i}]`,
        'Only function tools are supported: {type: "function", name, description?, parameters?}',
      );
    if (tool.parameters !== undefined && tool.parameters !== null && !isObject(tool.parameters))
      throw invalidParam(`tools[${i}].parameters`, 'parameters must be a JSON schema object');
    return {
      type: 'function',
      name: tool.name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      ...(isObject(tool.parameters) ? { parameters: tool.parameters } : {}),
      ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
    };
  });
}

function textFormatOf(text: unknown): ResponsesRequest['textFormat'] {
  if (text === undefined || text === null) return undefined;
  const format = isObject(text) ? text.format : undefined;
  if (format === undefined) return undefined;
  if (!isObject(format) || !['text', 'json_object', 'json_schema'].includes(format.type as string))
    throw invalidParam('text.format', 'text.format.type must be text, json_object or json_schema');
  if (format.type === 'json_schema' && (typeof format.name !== 'string' || !isObject(format.schema)))
    throw invalidParam('text.format', 'A json_schema format needs name and schema');
  return format as ResponsesRequest['textFormat'];
}

/** Checks a Responses API request; the first problem is a 400 naming its `param`. `null` means absent. */
export function validateResponsesRequest(body: unknown): ResponsesRequest {
  if (!isObject(body)) throw invalidParam('body', 'The body must be a JSON object');
  for (const name of Object.keys(body)) if (!KNOWN.has(name)) throw invalidParam(name, `Unknown parameter: ${name}`);
  const value = (name: string) => (body[name] === null ? undefined : body[name]);
  if (typeof body.model !== 'string' || body.model.trim() === '') throw invalidParam('model', 'model is required');
  const instructions = value('instructions');
  if (instructions !== undefined && typeof instructions !== 'string')
    throw invalidParam('instructions', 'instructions must be a string');
  const previous = value('previous_response_id');
  if (previous !== undefined && (typeof previous !== 'string' || !/^resp_[A-Za-z0-9_-]{1,64}$/.test(previous)))
    throw invalidParam('previous_response_id', 'previous_response_id must be a resp_ id');
  for (const flag of ['stream', 'store'])
    if (value(flag) !== undefined && typeof value(flag) !== 'boolean')
      throw invalidParam(flag, `${flag} must be a boolean`);
  const maxOutput = value('max_output_tokens');
  if (maxOutput !== undefined && (!Number.isInteger(maxOutput) || (maxOutput as number) < 1))
    throw invalidParam('max_output_tokens', 'max_output_tokens must be a positive integer');
  const metadata = value('metadata');
  if (metadata !== undefined && (!isObject(metadata) || Object.values(metadata).some((v) => typeof v !== 'string')))
    throw invalidParam('metadata', 'metadata maps strings to strings');
  const toolChoice = value('tool_choice');
  if (
    toolChoice !== undefined &&
    !['auto', 'none', 'required'].includes(toolChoice as string) &&
    !(isObject(toolChoice) && toolChoice.type === 'function' && typeof toolChoice.name === 'string')
  ) {
    throw invalidParam('tool_choice', 'tool_choice must be auto, none, required or {type: "function", name}');
  }
  return {
    model: body.model,
    input: inputMessages(body.input),
    ...(instructions !== undefined ? { instructions: instructions as string } : {}),
    ...(previous !== undefined ? { previousResponseId: previous as string } : {}),
    stream: value('stream') === true,
    store: value('store') !== false,
    tools: toolsOf(value('tools')),
    ...(toolChoice !== undefined ? { toolChoice } : {}),
    ...(value('temperature') !== undefined ? { temperature: value('temperature') as number } : {}),
    ...(value('top_p') !== undefined ? { topP: value('top_p') as number } : {}),
    ...(maxOutput !== undefined ? { maxOutputTokens: maxOutput as number } : {}),
    ...(textFormatOf(value('text')) ? { textFormat: textFormatOf(value('text')) } : {}),
    ...(typeof value('user') === 'string' ? { user: value('user') as string } : {}),
    ...(metadata !== undefined ? { metadata: metadata as Record<string, string> } : {}),
  };
}

/** The chat request a Responses request becomes, after the stored conversation it continues. */
export function chatRequestOf(request: ResponsesRequest, history: ChatMessage[]): ChatRequest {
  const messages: ChatMessage[] = [
    ...(request.instructions ? [{ role: 'system' as const, content: request.instructions }] : []),
    ...history,
    ...request.input,
  ];
  const format = request.textFormat;
  const body: Record<string, unknown> = {
    model: request.model,
    messages,
    temperature: request.temperature,
    top_p: request.topP,
    max_tokens: request.maxOutputTokens,
    user: request.user,
    tools: request.tools.length
      ? request.tools.map((t) => ({
          type: 'function',
          function: { name: t.name, description: t.description, parameters: t.parameters },
        }))
      : undefined,
    tool_choice:
      typeof request.toolChoice === 'object'
        ? { type: 'function', function: { name: (request.toolChoice as { name: string }).name } }
        : request.toolChoice,
    response_format:
      format && format.type !== 'text'
        ? format.type === 'json_schema'
          ? {
              type: 'json_schema',
              json_schema: {
                name: format.name,
                schema: format.schema,
                ...(format.strict !== undefined ? { strict: format.strict } : {}),
              },
            }
          : { type: 'json_object' }
        : undefined,
    stream: request.stream,
    stream_options: request.stream ? { include_usage: true } : undefined,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return validateChatRequest(body);
}
