import { randomBase64url } from '../../../platform/ids/ids.js';
import type { ChatChunk, ChatCompletion, FinishReason, Usage } from '../chat/chat-types.js';
import type { ResponsesRequest } from './response-request.js';

export type OutputItem =
  | {
      type: 'message';
      id: string;
      status: 'completed' | 'in_progress';
      role: 'assistant';
      content: { type: 'output_text'; text: string; annotations: [] }[];
    }
  | {
      type: 'function_call';
      id: string;
      call_id: string;
      name: string;
      arguments: string;
      status: 'completed' | 'in_progress';
    };

export const newResponseId = () => `resp_${randomBase64url(18)}`;
const itemId = (prefix: 'msg' | 'fc') => `${prefix}_${randomBase64url(18)}`;

/** OpenAI's Response object around the output; `status` from the finish reason (`length` is incomplete). */
export function responseObject(
  id: string,
  createdAt: number,
  request: ResponsesRequest,
  model: string,
  output: OutputItem[],
  usage: Usage | undefined,
  finish: FinishReason | null,
  status?: 'in_progress',
) {
  const incomplete = finish === 'length' || finish === 'content_filter';
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status: status ?? (incomplete ? 'incomplete' : 'completed'),
    error: null,
    incomplete_details:
      status || !incomplete ? null : { reason: finish === 'length' ? 'max_output_tokens' : 'content_filter' },
    instructions: request.instructions ?? null,
    max_output_tokens: request.maxOutputTokens ?? null,
    model,
    output,
    parallel_tool_calls: true,
    previous_response_id: request.previousResponseId ?? null,
    store: request.store,
    temperature: request.temperature ?? 1,
    top_p: request.topP ?? 1,
    text: { format: request.textFormat ?? { type: 'text' } },
    tool_choice: request.toolChoice ?? 'auto',
    tools: request.tools.map((t) => ({ strict: true, parameters: {}, ...t })),
    user: request.user ?? null,
    metadata: request.metadata ?? {},
    usage: usage
      ? {
          input_tokens: usage.prompt_tokens,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: usage.completion_tokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: usage.total_tokens,
        }
      : null,
  };
}

export type ResponseObject = ReturnType<typeof responseObject>;

/** The output items of a finished chat completion: its text as one message, then one item per tool call. */
export function outputOf(completion: ChatCompletion): OutputItem[] {
  const message = completion.choices[0]?.message;
  const items: OutputItem[] = [];
  if (message?.content)
    items.push({
      type: 'message',
      id: itemId('msg'),
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: message.content, annotations: [] }],
    });
  for (const call of message?.tool_calls ?? [])
    items.push({
      type: 'function_call',
      id: itemId('fc'),
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
      status: 'completed',
    });
  return items;
}

/** One typed server-sent event of a streamed response. */
export interface ResponseEvent {
  type: string;
  [field: string]: unknown;
}

/**
 * Chat chunks → the Responses API's typed events, in the order the official SDK's accumulator expects: an item is
 * added before its parts and deltas, and done (with its full content) before the next one starts.
 */
export class ResponseEventStream {
  readonly output: OutputItem[] = [];
  private sequence = 0;
  private open: { kind: 'text'; index: number } | { kind: 'call'; index: number; toolIndex: number } | undefined;
  finish: FinishReason | null = null;
  usage: Usage | undefined;

  constructor(
    private readonly id: string,
    private readonly createdAt: number,
    private readonly request: ResponsesRequest,
    private model: string,
  ) {}

  /** response.created and response.in_progress. */
  start(): ResponseEvent[] {
    const snapshot = responseObject(
      this.id,
      this.createdAt,
      this.request,
      this.model,
      [],
      undefined,
      null,
      'in_progress',
    );
    return [
      this.event('response.created', { response: snapshot }),
      this.event('response.in_progress', { response: snapshot }),
    ];
  }

  push(chunk: ChatChunk): ResponseEvent[] {
    const events: ResponseEvent[] = [];
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return events;
    const delta = choice.delta;
    if (delta.content) {
      if (this.open?.kind !== 'text') {
        events.push(...this.close());
        const item: OutputItem = {
          type: 'message',
          id: itemId('msg'),
          status: 'in_progress',
          role: 'assistant',
          content: [],
        };
        this.output.push(item);
        this.open = { kind: 'text', index: this.output.length - 1 };
        events.push(
          this.event('response.output_item.added', { output_index: this.open.index, item: { ...item, content: [] } }),
        );
        events.push(
          this.event('response.content_part.added', {
            item_id: item.id,
            output_index: this.open.index,
            content_index: 0,
            part: { type: 'output_text', text: '', annotations: [] },
          }),
        );
        item.content.push({ type: 'output_text', text: '', annotations: [] });
      }
      const item = this.output[this.open.index] as Extract<OutputItem, { type: 'message' }>;
      item.content[0]!.text += delta.content;
      events.push(
        this.event('response.output_text.delta', {
          item_id: item.id,
          output_index: this.open.index,
          content_index: 0,
          delta: delta.content,
        }),
      );
    }
    for (const call of delta.tool_calls ?? []) {
      if (this.open?.kind !== 'call' || this.open.toolIndex !== call.index) {
        events.push(...this.close());
        const item: OutputItem = {
          type: 'function_call',
          id: itemId('fc'),
          call_id: call.id ?? itemId('fc'),
          name: call.function?.name ?? '',
          arguments: '',
          status: 'in_progress',
        };
        this.output.push(item);
        this.open = { kind: 'call', index: this.output.length - 1, toolIndex: call.index };
        events.push(this.event('response.output_item.added', { output_index: this.open.index, item: { ...item } }));
      }
      const item = this.output[this.open.index] as Extract<OutputItem, { type: 'function_call' }>;
      const piece = call.function?.arguments ?? '';
      if (piece) {
        item.arguments += piece;
        events.push(
          this.event('response.function_call_arguments.delta', {
            item_id: item.id,
            output_index: this.open.index,
            delta: piece,
          }),
        );
      }
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return events;
  }

  /** The open item's done events, then response.completed (or incomplete) with the whole response. */
  end(): { events: ResponseEvent[]; response: ResponseObject } {
    const events = this.close();
    const response = responseObject(
      this.id,
      this.createdAt,
      this.request,
      this.model,
      this.output,
      this.usage,
      this.finish,
    );
    events.push(
      this.event(response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response }),
    );
    return { events, response };
  }

  /** A failure after the stream started: response.failed with the error. */
  failed(error: { code: string; message: string }): ResponseEvent {
    const response = {
      ...responseObject(this.id, this.createdAt, this.request, this.model, this.output, this.usage, null),
      status: 'failed',
      error,
    };
    return this.event('response.failed', { response });
  }

  private close(): ResponseEvent[] {
    const open = this.open;
    this.open = undefined;
    if (!open) return [];
    const item = this.output[open.index]!;
    item.status = 'completed';
    if (item.type === 'message') {
      const part = item.content[0]!;
      return [
        this.event('response.output_text.done', {
          item_id: item.id,
          output_index: open.index,
          content_index: 0,
          text: part.text,
        }),
        this.event('response.content_part.done', {
          item_id: item.id,
          output_index: open.index,
          content_index: 0,
          part: { ...part },
        }),
        this.event('response.output_item.done', { output_index: open.index, item: structuredClone(item) }),
      ];
    }
    return [
      this.event('response.function_call_arguments.done', {
        item_id: item.id,
        output_index: open.index,
        arguments: item.arguments,
      }),
      this.event('response.output_item.done', { output_index: open.index, item: { ...item } }),
    ];
  }

  private event(type: string, fields: Record<string, unknown>): ResponseEvent {
    return { type, sequence_number: this.sequence++, ...fields };
  }
}
