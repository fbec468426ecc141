import '../../../../subgraphs/ai-gateway/ai-gateway-error-codes.js'; // provider_unavailable is the module's own code
import type { ChatChunk } from '../../../../subgraphs/ai-gateway/chat/chat-types.js';
import { GatewayError } from '../../../../subgraphs/ai-gateway/chat/gateway-error.js';
import type { ChunkStream } from '../../../../subgraphs/ai-gateway/engine/relayed-stream.js';
import { ResponseEventBatches } from '../../../../subgraphs/ai-gateway/responses/response-event-batches.js';
import {
  ResponseEventStream,
  type ResponseEvent,
  type ResponseObject,
} from '../../../../subgraphs/ai-gateway/responses/response-object.js';
import type { ResponsesRequest } from '../../../../subgraphs/ai-gateway/responses/response-request.js';

const request: ResponsesRequest = {
  model: 'openai/gpt-4o-mini',
  input: [{ role: 'user', content: 'Hi' }],
  stream: true,
  store: true,
  tools: [],
};
const chunk = (
  content: string | undefined,
  finish: ChatChunk['choices'][number]['finish_reason'] = null,
): ChatChunk => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }],
});

/** A chat stream over fixed chunks, failing after them when `failure` is given; records whether it was stopped. */
function chatStream(chunks: ChatChunk[], failure?: unknown) {
  let i = 0;
  const stream = {
    stopped: false,
    next: () =>
      i < chunks.length
        ? Promise.resolve({ value: chunks[i++]!, done: false as const })
        : failure
          ? Promise.reject(failure)
          : Promise.resolve({ value: undefined, done: true as const }),
    return: () => {
      stream.stopped = true;
      return Promise.resolve({ value: undefined, done: true as const });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return stream;
}

const types = (batch: ResponseEvent[]) => batch.map((e) => e.type);

async function batchesOf(events: AsyncIterableIterator<ResponseEvent[]>) {
  const batches: ResponseEvent[][] = [];
  for await (const batch of events) batches.push(batch);
  return batches;
}

describe('ResponseEventBatches', () => {
  it('should give the start events, one batch per chunk, then the closing ones once the response is stored', async () => {
    const stored: ResponseObject[] = [];
    const chunks = chatStream([chunk('Hel'), chunk('lo'), chunk(undefined, 'stop')]);
    const batches = await batchesOf(
      new ResponseEventBatches(
        new ResponseEventStream('resp_1', 1, request, 'gpt-4o-mini'),
        chunks as unknown as ChunkStream,
        async (response) => {
          stored.push(response);
        },
      ),
    );
    expect(batches.map(types)).toEqual([
      ['response.created', 'response.in_progress'],
      ['response.output_item.added', 'response.content_part.added', 'response.output_text.delta'],
      ['response.output_text.delta'],
      [],
      ['response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed'],
    ]);
    expect(batches.flat().map((e) => e.sequence_number)).toEqual(batches.flat().map((_, i) => i));
    expect(stored.map((r) => [r.id, r.status, r.output[0]])).toEqual([
      [
        'resp_1',
        'completed',
        expect.objectContaining({ type: 'message', content: [expect.objectContaining({ text: 'Hello' })] }),
      ],
    ]);
    expect(chunks.stopped).toBe(false);
  });

  it('should end with response.failed when the provider fails mid-stream, and rethrow anything else', async () => {
    const failed = await batchesOf(
      new ResponseEventBatches(
        new ResponseEventStream('resp_2', 1, request, 'm'),
        chatStream([chunk('Hi')], new GatewayError('provider_unavailable', 'gone')) as unknown as ChunkStream,
      ),
    );
    expect(failed.map(types).at(-1)).toEqual(['response.failed']);
    expect(failed.at(-1)![0]!.response).toMatchObject({
      status: 'failed',
      error: { code: 'provider_unavailable', message: 'gone' },
    });
    const broken = new ResponseEventBatches(
      new ResponseEventStream('resp_3', 1, request, 'm'),
      chatStream([], new TypeError('bug')) as unknown as ChunkStream,
    );
    await expect(batchesOf(broken)).rejects.toThrow('bug');
  });

  it('should stop the chat stream when the consumer stops, even before the first chunk', async () => {
    for (const readFirst of [1, 2]) {
      const chunks = chatStream([chunk('a'), chunk('b')]);
      const events = new ResponseEventBatches(
        new ResponseEventStream('resp_4', 1, request, 'm'),
        chunks as unknown as ChunkStream,
      );
      for (let i = 0; i < readFirst; i++) await events.next();
      await events.return();
      expect(chunks.stopped).toBe(true);
      expect(await events.next()).toEqual({ value: undefined, done: true });
    }
  });
});
