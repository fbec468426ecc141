// The loopback mock provider of the AI gateway benchmark, in a process of its own, in OpenAI's wire format: a fixed
// chat completion or stream of chunks, a fixed embedding (POST /v1/embeddings) and a fixed Response object or stream of
// Responses events (POST /v1/responses). Model `hold` streams its first chunk, holds the stream open BENCH_HOLD_MS,
// then finishes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESPONSE, RESPONSE_EVENTS } from './ai-mock-responses.js';

const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? '2000');
const COMPLETION = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1741569952,
  model: 'gpt-4o-mini',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello! How can I assist you today?' },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
});
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1741569952, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const FIRST = chunk({ role: 'assistant', content: '' });
const REST =
  ['Hello', '!', ' How', ' can', ' I', ' help', '?'].map((t) => chunk({ content: t })).join('') +
  chunk({}, 'stop') +
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1741569952, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 19, completion_tokens: 8, total_tokens: 27 } })}\n\ndata: [DONE]\n\n`;
/** text-embedding-3-small's 1,536 dimensions, so the JSON each gateway parses and writes is the size a real one is. */
const EMBEDDING = JSON.stringify({
  object: 'list',
  model: 'text-embedding-3-small',
  data: [
    {
      object: 'embedding',
      index: 0,
      embedding: Array.from({ length: 1536 }, (_, i) => Math.round(Math.sin(i + 1) * 1e6) / 1e7),
    },
  ],
  usage: { prompt_tokens: 2, total_tokens: 2 },
});

const json = (res: import('node:http').ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (text += c));
  req.on('end', () => {
    const body = JSON.parse(text || '{}') as { stream?: boolean; model?: string };
    if (req.url?.endsWith('/embeddings')) return json(res, EMBEDDING);
    if (req.url?.endsWith('/responses')) {
      if (!body.stream) return json(res, RESPONSE);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(RESPONSE_EVENTS[0]);
      return res.end(RESPONSE_EVENTS[1]);
    }
    if (!body.stream) return json(res, COMPLETION);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(FIRST);
    if (body.model === 'hold') setTimeout(() => res.end(REST), HOLD_MS);
    else res.end(REST);
  });
});
server.listen(0, '127.0.0.1', () =>
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
process.on('message', () => server.close(() => process.exit(0)));
