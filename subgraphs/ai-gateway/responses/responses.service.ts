import type { MikroORM } from '@mikro-orm/postgresql';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import type { ChatMessage } from '../chat/chat-types.js';
import { GatewayError } from '../chat/gateway-error.js';
import { ResponseEventBatches } from './response-event-batches.js';
import type { CallOptions, Caller, ChatCompletionService } from '../engine/chat-completion.service.js';
import { StoredResponse } from '../entities/stored-response.entity.js';
import { chatRequestOf, type ResponsesRequest } from './response-request.js';
import {
  newResponseId,
  outputOf,
  responseObject,
  ResponseEventStream,
  type OutputItem,
  type ResponseEvent,
  type ResponseObject,
} from './response-object.js';

/** Output items as the assistant turn a following request continues from. */
function assistantTurn(output: OutputItem[]): ChatMessage[] {
  const text = output
    .filter((o) => o.type === 'message')
    .map((o) => o.content.map((c) => c.text).join(''))
    .join('');
  const calls = output
    .filter((o) => o.type === 'function_call')
    .map((o) => ({ id: o.call_id, type: 'function' as const, function: { name: o.name, arguments: o.arguments } }));
  if (!text && calls.length === 0) return [];
  return [{ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) }];
}

/**
 * The Responses API over chat completions: the request becomes a chat request (after the stored conversation of
 * `previous_response_id`), goes through the one completion service (routing, fallback, budgets, usage), and its
 * answer becomes a Response object or typed events. Stored per organization unless `store: false`.
 */
export class ResponsesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly completions: ChatCompletionService,
  ) {}

  async create(
    caller: Caller,
    request: ResponsesRequest,
    options: CallOptions,
  ): Promise<{ response: ResponseObject; provider: string; costUsd: number | null }> {
    // No await for what is not there: every promise costs on this path (async hooks are on).
    const history = request.previousResponseId
      ? await this.history(caller.organizationId, request.previousResponseId)
      : [];
    const chat = chatRequestOf(request, history);
    const id = newResponseId();
    const createdAt = Math.floor(Date.now() / 1000);
    const result = await this.completions.complete({ ...caller, endpoint: 'responses' }, chat, options);
    const completion = result.completion;
    const response = responseObject(
      id,
      createdAt,
      request,
      completion.model,
      outputOf(completion),
      completion.usage,
      completion.choices[0]?.finish_reason ?? null,
    );
    if (request.store) await this.store(caller.organizationId, request, history, response);
    return { response, provider: result.provider, costUsd: result.costUsd };
  }

  /** Events as they come, a batch per chunk; resolves once the provider's first chunk is in hand (errors before it are a status). */
  async stream(
    caller: Caller,
    request: ResponsesRequest,
    options: CallOptions,
  ): Promise<{ provider: string; events: AsyncIterableIterator<ResponseEvent[]> }> {
    const history = request.previousResponseId
      ? await this.history(caller.organizationId, request.previousResponseId)
      : [];
    const chat = chatRequestOf(request, history);
    const result = await this.completions.stream({ ...caller, endpoint: 'responses' }, chat, options);
    const translator = new ResponseEventStream(newResponseId(), Math.floor(Date.now() / 1000), request, chat.model);
    const store = request.store
      ? (response: ResponseObject) => this.store(caller.organizationId, request, history, response)
      : undefined;
    return { provider: result.provider, events: new ResponseEventBatches(translator, result.chunks, store) };
  }

  async get(organizationId: string, id: string): Promise<Record<string, unknown>> {
    const stored = await forkForTenant(this.orm.em, organizationId).findOne(StoredResponse, { id });
    if (!stored) throw new GatewayError('not_found', `No response ${id}`, 'response_id');
    return stored.response;
  }

  async remove(organizationId: string, id: string) {
    const em = forkForTenant(this.orm.em, organizationId);
    const stored = await em.findOne(StoredResponse, { id });
    if (!stored) throw new GatewayError('not_found', `No response ${id}`, 'response_id');
    await em.remove(stored).flush();
    return { id, object: 'response', deleted: true };
  }

  private async history(organizationId: string, previousId: string): Promise<ChatMessage[]> {
    const previous = await forkForTenant(this.orm.em, organizationId).findOne(StoredResponse, { id: previousId });
    if (!previous)
      throw new GatewayError(
        'invalid_request',
        `Previous response ${previousId} not found (or stored with store: false)`,
        'previous_response_id',
      );
    return previous.messages;
  }

  private async store(
    organizationId: string,
    request: ResponsesRequest,
    history: ChatMessage[],
    response: ResponseObject,
  ) {
    const em = forkForTenant(this.orm.em, organizationId);
    em.create(StoredResponse, {
      id: response.id,
      organizationId,
      messages: [...history, ...request.input, ...assistantTurn(response.output)],
      response: response as unknown as Record<string, unknown>,
    });
    await em.flush();
  }
}
