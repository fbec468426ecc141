import type { ChatChunk, ChatCompletion, ResponseMeta } from '../chat/chat-types.js';
import { chunkOf } from '../chat/chat-types.js';

/** A cached completion as the stream a provider would have sent: role, content, one chunk per tool call, finish. */
export function replayChunks(completion: ChatCompletion, meta: ResponseMeta): ChatChunk[] {
  const choice = completion.choices[0];
  const chunks: ChatChunk[] = [chunkOf(meta, { role: 'assistant', content: '' })];
  if (choice?.message.content) chunks.push(chunkOf(meta, { content: choice.message.content }));
  (choice?.message.tool_calls ?? []).forEach((call, index) => {
    chunks.push(
      chunkOf(meta, {
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: call.function.arguments },
          },
        ],
      }),
    );
  });
  chunks.push(chunkOf(meta, {}, choice?.finish_reason ?? 'stop'));
  return chunks;
}
