import type { ChatMessage, ChatRequest, ContentPart, ToolDefinition } from './chat-types.js';
import { invalidParam } from './gateway-error.js';

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'];
/** OpenAI parameters beyond the documented ones that OpenAI-compatible providers get as sent; other providers ignore them. */
const PASSTHROUGH = new Set([
  'seed',
  'n',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'max_completion_tokens',
  'parallel_tool_calls',
  'metadata',
  'store',
  'service_tier',
  'reasoning_effort',
]);
const KNOWN = new Set([
  'model',
  'messages',
  'temperature',
  'max_tokens',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'stop',
  'stream',
  'stream_options',
  'tools',
  'tool_choice',
  'response_format',
  'user',
  ...PASSTHROUGH,
]);
const MAX_MESSAGES = 10_000;
const MAX_STOP = 4;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function range(body: Record<string, unknown>, name: string, min: number, max: number) {
  const value = body[name];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidParam(name, `${name} must be a number`);
  if (value < min || value > max) throw invalidParam(name, `${name} must be between ${min} and ${max} (got ${value})`);
}

function validateContent(content: unknown, at: string, nullable: boolean) {
  if (typeof content === 'string') return;
  if (content === null || content === undefined) {
    if (nullable) return;
    throw invalidParam(`${at}.content`, `${at}.content is required`);
  }
  if (!Array.isArray(content))
    throw invalidParam(`${at}.content`, `${at}.content must be a string or an array of content parts`);
  content.forEach((part: unknown, j) => {
    const p = part as ContentPart;
    if (!isObject(part) || (p.type !== 'text' && p.type !== 'image_url'))
      throw invalidParam(
        `${at}.content[${j}]`,
        'A content part must be {type: "text", text} or {type: "image_url", image_url: {url}}',
      );
    if (p.type === 'text' && typeof p.text !== 'string')
      throw invalidParam(`${at}.content[${j}].text`, 'text must be a string');
    if (p.type === 'image_url' && (!isObject(p.image_url) || typeof p.image_url.url !== 'string'))
      throw invalidParam(`${at}.content[${j}].image_url`, 'image_url.url must be a string');
  });
}

function validateMessage(message: unknown, i: number): void {
  const at = `messages[${i}]`;
  if (!isObject(message)) throw invalidParam(at, `${at} must be an object`);
  const m = message as unknown as ChatMessage;
  if (!ROLES.includes(m.role)) throw invalidParam(`${at}.role`, `${at}.role must be one of ${ROLES.join(', ')}`);
  const hasCalls = m.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0;
  validateContent(m.content, at, hasCalls || m.role === 'assistant');
  if (m.name !== undefined && typeof m.name !== 'string') throw invalidParam(`${at}.name`, 'name must be a string');
  if (m.tool_calls !== undefined) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls))
      throw invalidParam(`${at}.tool_calls`, 'tool_calls is an array on assistant messages only');
    m.tool_calls.forEach((call, j) => {
      if (
        !isObject(call) ||
        typeof call.id !== 'string' ||
        !isObject(call.function) ||
        typeof call.function.name !== 'string' ||
        typeof call.function.arguments !== 'string'
      ) {
        throw invalidParam(
          `${at}.tool_calls[${j}]`,
          'A tool call is {id, type: "function", function: {name, arguments (JSON string)}}',
        );
      }
    });
  }
  if (m.role === 'tool' && typeof m.tool_call_id !== 'string')
    throw invalidParam(`${at}.tool_call_id`, 'A tool message needs tool_call_id');
}

function validateTools(tools: unknown) {
  if (!Array.isArray(tools)) throw invalidParam('tools', 'tools must be an array');
  tools.forEach((tool: unknown, i) => {
    const t = tool as ToolDefinition;
    if (
      !isObject(tool) ||
      t.type !== 'function' ||
      !isObject(t.function) ||
      typeof t.function.name !== 'string' ||
      !/^[A-Za-z0-9_-]{1,64}$/.test(t.function.name)
    ) {
      throw invalidParam(
        `tools[${i}]`,
        'A tool is {type: "function", function: {name (1-64 of a-z, A-Z, 0-9, _ and -), description?, parameters?}}',
      );
    }
    if (t.function.parameters !== undefined && !isObject(t.function.parameters))
      throw invalidParam(`tools[${i}].function.parameters`, 'parameters must be a JSON schema object');
  });
}

function validateToolChoice(choice: unknown) {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return;
  if (
    isObject(choice) &&
    choice.type === 'function' &&
    isObject(choice.function) &&
    typeof choice.function.name === 'string'
  )
    return;
  throw invalidParam(
    'tool_choice',
    'tool_choice must be "auto", "none", "required" or {type: "function", function: {name}}',
  );
}

/** Checks a chat request against the documented fields, codes and limits; the first problem is a 400 naming its `param`. */
export function validateChatRequest(body: unknown): ChatRequest {
  if (!isObject(body)) throw invalidParam('body', 'The body must be a JSON object');
  for (const name of Object.keys(body)) if (!KNOWN.has(name)) throw invalidParam(name, `Unknown parameter: ${name}`);
  if (typeof body.model !== 'string' || body.model.trim() === '') throw invalidParam('model', 'model is required');
  if (body.model.length > 256) throw invalidParam('model', 'model is too long');
  if (!Array.isArray(body.messages)) throw invalidParam('messages', 'messages is required');
  if (body.messages.length === 0) throw invalidParam('messages', 'messages must not be empty');
  if (body.messages.length > MAX_MESSAGES) throw invalidParam('messages', `At most ${MAX_MESSAGES} messages`);
  body.messages.forEach(validateMessage);
  range(body, 'temperature', 0, 2);
  range(body, 'top_p', 0, 1);
  range(body, 'frequency_penalty', -2, 2);
  range(body, 'presence_penalty', -2, 2);
  if (
    body.max_tokens !== undefined &&
    body.max_tokens !== null &&
    (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1)
  ) {
    throw invalidParam('max_tokens', 'max_tokens must be a positive integer');
  }
  if (body.stop !== undefined && body.stop !== null) {
    const stops = typeof body.stop === 'string' ? [body.stop] : body.stop;
    if (
      !Array.isArray(stops) ||
      stops.length > MAX_STOP ||
      !stops.every((s) => typeof s === 'string' && s.length > 0)
    ) {
      throw invalidParam('stop', `stop must be a string or an array of up to ${MAX_STOP} non-empty strings`);
    }
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean')
    throw invalidParam('stream', 'stream must be a boolean');
  if (body.stream_options !== undefined && body.stream_options !== null) {
    if (
      !isObject(body.stream_options) ||
      (body.stream_options.include_usage !== undefined && typeof body.stream_options.include_usage !== 'boolean')
    ) {
      throw invalidParam('stream_options', 'stream_options must be {include_usage?: boolean}');
    }
  }
  if (body.tools !== undefined && body.tools !== null) validateTools(body.tools);
  if (body.tool_choice !== undefined && body.tool_choice !== null) validateToolChoice(body.tool_choice);
  if (body.response_format !== undefined && body.response_format !== null) {
    const rf = body.response_format;
    if (!isObject(rf) || !['text', 'json_object', 'json_schema'].includes(rf.type as string))
      throw invalidParam('response_format', 'response_format.type must be text, json_object or json_schema');
  }
  if (body.user !== undefined && body.user !== null && typeof body.user !== 'string')
    throw invalidParam('user', 'user must be a string');
  if (body.n !== undefined && body.n !== null && body.n !== 1) throw invalidParam('n', 'Only n = 1 is supported');
  // null means "not given" everywhere in OpenAI's API; dropping them keeps translation and cache keys simple.
  const request: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) if (value !== null && value !== undefined) request[name] = value;
  return request as ChatRequest;
}
