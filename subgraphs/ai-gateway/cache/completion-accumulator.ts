import type { ChatChunk, ChatCompletion, FinishReason, ResponseMeta, ToolCall } from '../chat/chat-types.js';

/** Rebuilds the whole completion from stream chunks (the cache stores streams as completions) and counts output. */
export class CompletionAccumulator {
  private content = '';
  private readonly calls: ToolCall[] = [];
  private finish: FinishReason | null = null;
  /** Characters of output seen: the estimate of tokens used when a stream is cut short. */
  outputChars = 0;

  constructor(private readonly meta: ResponseMeta) {}

  add(chunk: ChatChunk) {
    for (const choice of chunk.choices) {
      if (choice.index !== 0) continue;
      const delta = choice.delta;
      if (typeof delta.content === 'string') {
        this.content += delta.content;
        this.outputChars += delta.content.length;
      }
      for (const call of delta.tool_calls ?? []) {
        const existing = (this.calls[call.index] ??= {
          id: '',
          type: 'function',
          function: { name: '', arguments: '' },
        });
        if (call.id) existing.id = call.id;
        if (call.function?.name) existing.function.name += call.function.name;
        if (call.function?.arguments) {
          existing.function.arguments += call.function.arguments;
          this.outputChars += call.function.arguments.length;
        }
      }
      if (choice.finish_reason) this.finish = choice.finish_reason;
    }
  }

  get finished(): boolean {
    return this.finish !== null;
  }

  completion(): ChatCompletion {
    const calls = this.calls.filter(Boolean);
    return {
      id: this.meta.id,
      object: 'chat.completion',
      created: this.meta.created,
      model: this.meta.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: this.content || (calls.length ? null : ''),
            ...(calls.length ? { tool_calls: calls } : {}),
          },
          finish_reason: this.finish,
        },
      ],
    };
  }
}

/** Roughly four characters a token (OpenAI's rule of thumb): only for streams cut short before usage arrived. */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);
