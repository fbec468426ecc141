import { GraphQLNonNull, type GraphQLFieldConfig } from 'graphql';
import { hasScope } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { codeOfOpenAi } from '../../../platform/errors/error-codes.js';
import type { SubscriptionCaller } from '../../../platform/graphql/subscription-fields.js';
import { newId } from '../../../platform/ids/ids.js';
import type { ChatChunk } from '../chat/chat-types.js';
import type { ChunkStream } from '../engine/relayed-stream.js';
import { validateChatRequest } from '../chat/chat-request.validate.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { ChatCompletionService } from '../engine/chat-completion.service.js';
import { ChatCompletionChunk, ChatCompletionInput } from './chat-completion.types.js';
import { CancelToken } from '../engine/cancel-token.js';

/** A failure after the stream started travels as a payload whose resolution fails: the client gets it as a GraphQL error. */
class StreamFailure {
  constructor(readonly error: DomainError) {}
}

export function domainErrorOf(error: GatewayError): DomainError {
  const details: Record<string, unknown> = {};
  if (error.param) details.field = error.param;
  if (error.providerError !== undefined) details.providerError = error.providerError;
  return new DomainError(codeOfOpenAi(error.code), error.message, Object.keys(details).length ? details : undefined);
}

/** camelCase input → the REST request, so both paths share one validation. */
function requestOf(input: Record<string, any>): Record<string, unknown> {
  const request: Record<string, unknown> = {
    model: input.model,
    messages: (input.messages ?? []).map((m: Record<string, any>) => ({
      role: m.role,
      content: m.content ?? null,
      ...(m.name != null ? { name: m.name } : {}),
      ...(m.toolCallId != null ? { tool_call_id: m.toolCallId } : {}),
      ...(m.toolCalls != null
        ? {
            tool_calls: m.toolCalls.map((c: Record<string, any>) => ({
              id: c.id,
              type: c.type ?? 'function',
              function: c.function,
            })),
          }
        : {}),
    })),
    temperature: input.temperature,
    max_tokens: input.maxTokens,
    top_p: input.topP,
    frequency_penalty: input.frequencyPenalty,
    presence_penalty: input.presencePenalty,
    stop: input.stop,
    tools: input.tools,
    tool_choice: input.toolChoice,
    response_format: input.responseFormat,
    user: input.user,
    stream: true,
    ...(input.includeUsage ? { stream_options: { include_usage: true } } : {}),
  };
  for (const key of Object.keys(request)) if (request[key] === undefined || request[key] === null) delete request[key];
  return request;
}

const camel = (chunk: ChatChunk) => ({
  id: chunk.id,
  model: chunk.model,
  created: chunk.created,
  choices: chunk.choices.map((c) => ({
    index: c.index,
    finishReason: c.finish_reason,
    delta: { role: c.delta.role, content: c.delta.content, toolCalls: c.delta.tool_calls },
  })),
  usage: chunk.usage
    ? {
        promptTokens: chunk.usage.prompt_tokens,
        completionTokens: chunk.usage.completion_tokens,
        totalTokens: chunk.usage.total_tokens,
        cost: chunk.usage.cost,
      }
    : null,
});

/**
 * `Subscription.chatCompletion(input)`: the chunks of the SSE path over graphql-ws, from the same service.
 * Completing the subscription (or the socket closing) aborts the provider request at once: `return()` aborts
 * before it waits (a generator suspended on an await would not see return() until the provider spoke again).
 */
export function chatCompletionField(
  service: ChatCompletionService,
): GraphQLFieldConfig<unknown, SubscriptionCaller, { input: Record<string, any> }> {
  return {
    type: new GraphQLNonNull(ChatCompletionChunk),
    args: { input: { type: new GraphQLNonNull(ChatCompletionInput) } },
    subscribe: async (_root, args, context) => {
      const { auth } = context;
      if (auth.keyType !== 'SERVER') throw new DomainError('FORBIDDEN', 'chatCompletion needs a SERVER key');
      if (!hasScope(auth, 'ai')) throw new DomainError('FORBIDDEN', 'This key lacks the "ai" scope');
      const controller = new CancelToken();
      let chunks: ChunkStream;
      try {
        const request = validateChatRequest(requestOf(args.input ?? {}));
        const result = await service.stream(
          { organizationId: auth.organizationId, keyId: auth.keyId, requestId: newId('req') },
          request,
          { noCache: args.input?.noCache === true, signal: controller },
        );
        chunks = result.chunks;
      } catch (error) {
        controller.abort();
        throw error instanceof GatewayError ? domainErrorOf(error) : error;
      }
      let finished = false;
      const iterator: AsyncIterableIterator<unknown> = {
        next: async () => {
          if (finished) return { value: undefined, done: true };
          try {
            const next = await chunks.next();
            if (next.done) finished = true;
            return next.done ? { value: undefined, done: true } : { value: next.value, done: false };
          } catch (error) {
            finished = true;
            if (error instanceof GatewayError) return { value: new StreamFailure(domainErrorOf(error)), done: false };
            throw error;
          }
        },
        return: async () => {
          finished = true;
          controller.abort(new Error('Subscription completed'));
          void chunks.return().catch(() => undefined);
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
      return iterator;
    },
    resolve: (payload: unknown) => {
      if (payload instanceof StreamFailure) throw payload.error;
      return camel(payload as ChatChunk);
    },
  };
}
