import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as shapes from './recorded-shapes.js';

/** What the fake saw of one request. */
export interface RecordedRequest {
  format: 'openai' | 'anthropic' | 'gemini';
  path: string;
  model: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/**
 * One loopback server speaking the three wire formats under /openai/v1, /anthropic/v1 and /gemini/v1beta.
 * The model name picks the behaviour: ok, tools, fail-<status>, hang, hang-stream, midstream-error, safety,
 * drop (the connection breaks mid-answer), overloaded-first (a 200 stream opening with an overload error),
 * finish-<reason> (Anthropic and Gemini: the text answer with that finish field), usage-after (Gemini: usage in an
 * event of its own after the finish reason).
 */
export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose connection closed before the fake finished answering. */
  closedEarly: RecordedRequest[];
  /** Resolves when the next request closes early. */
  nextEarlyClose(): Promise<RecordedRequest>;
  calls(model: string): number;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const closedEarly: RecordedRequest[] = [];
  const waiters: ((r: RecordedRequest) => void)[] = [];
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const c of req) text += c;
    const recorded = record(req, text);
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableEnded) {
        closedEarly.push(recorded);
        for (const w of waiters.splice(0)) w(recorded);
      }
    });
    answer(recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    closedEarly,
    nextEarlyClose: () => new Promise((resolve) => waiters.push(resolve)),
    calls: (model) => requests.filter((r) => r.model === model).length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function record(req: IncomingMessage, text: string): RecordedRequest {
  const path = req.url ?? '';
  const body = text ? JSON.parse(text) : null;
  if (path.startsWith('/gemini/')) {
    const model = decodeURIComponent(/\/models\/([^:]+):/.exec(path)?.[1] ?? '');
    return { format: 'gemini', path, model, headers: req.headers, body };
  }
  return {
    format: path.startsWith('/anthropic/') ? 'anthropic' : 'openai',
    path,
    model: body?.model ?? '',
    headers: req.headers,
    body,
  };
}

const sse = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function answer(r: RecordedRequest, res: ServerResponse) {
  if (/\/embeddings$|:embedContent$|:batchEmbedContents$/.test(r.path)) return embeddings(r, res);
  const stream = r.format === 'gemini' ? r.path.includes(':streamGenerateContent') : r.body?.stream === true;
  const failure = /^fail-(\d{3})$/.exec(r.model);
  if (failure)
    return json(
      res,
      Number(failure[1]),
      Number(failure[1]) >= 500 || failure[1] === '429' ? shapes.OPENAI_ERROR_503 : shapes.OPENAI_ERROR_400,
    );
  if (r.model === 'hang') return; // never answers: the gateway's deadline or the client decides
  if (r.model === 'drop') {
    // The connection breaks mid-answer: a status, part of the body, then the socket goes.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"id":"chatcmpl-', () => res.socket?.destroy());
    return;
  }
  if (!stream) return json(res, 200, completionOf(r));
  const events = streamOf(r);
  sse(res);
  const write = ([event, data]: [string | undefined, unknown]) =>
    res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  if (r.model === 'overloaded-first') {
    // A 200 stream whose first event is the provider's overload error (Anthropic's overloaded_error).
    write(midStreamError(r.format));
    res.end();
    return;
  }
  if (r.model === 'hang-stream' || r.model === 'midstream-error') {
    write(events[0]!);
    if (r.model === 'midstream-error') {
      write(midStreamError(r.format));
      res.end();
    }
    return; // hang-stream: stays open until the other side closes
  }
  for (const event of events) write(event);
  res.end();
}

/** Model `finish-<reason>` (Anthropic, Gemini): the text answer, ended with the provider's own finish field set to <reason>. */
const finishOf = (r: RecordedRequest) => /^finish-(.+)$/.exec(r.model)?.[1];

function completionOf(r: RecordedRequest): unknown {
  const finish = finishOf(r);
  if (finish && r.format === 'anthropic')
    return {
      ...shapes.ANTHROPIC_MESSAGE,
      stop_reason: finish,
      stop_sequence: finish === 'stop_sequence' ? '###' : null,
    };
  if (finish && r.format === 'gemini')
    return {
      ...shapes.GEMINI_RESPONSE,
      candidates: [{ ...shapes.GEMINI_RESPONSE.candidates[0], finishReason: finish }],
    };
  const tools = r.model === 'tools';
  if (r.format === 'anthropic') return tools ? shapes.ANTHROPIC_TOOL_MESSAGE : shapes.ANTHROPIC_MESSAGE;
  if (r.format === 'gemini')
    return r.model === 'safety' ? shapes.GEMINI_SAFETY : tools ? shapes.GEMINI_TOOL_RESPONSE : shapes.GEMINI_RESPONSE;
  return tools ? shapes.OPENAI_TOOL_COMPLETION : shapes.OPENAI_COMPLETION;
}

function streamOf(r: RecordedRequest): [string | undefined, unknown][] {
  const finish = finishOf(r);
  if (r.format === 'gemini' && r.model === 'usage-after') {
    // The usage in an event of its own after the one with the finish reason.
    const [first, last] = shapes.GEMINI_TEXT_STREAM as [object, { usageMetadata?: unknown }];
    return [
      [undefined, first],
      [undefined, { ...last, usageMetadata: undefined }],
      [undefined, { usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 13, totalTokenCount: 21 } }],
    ];
  }
  if (finish && r.format === 'anthropic') {
    return shapes.ANTHROPIC_TEXT_STREAM.map(([event, data]) => [
      event,
      event === 'message_delta'
        ? { ...data, delta: { stop_reason: finish, stop_sequence: finish === 'stop_sequence' ? '###' : null } }
        : data,
    ]);
  }
  if (finish && r.format === 'gemini') {
    const events = shapes.GEMINI_TEXT_STREAM.map((d) => [undefined, d] as [string | undefined, unknown]);
    const last = shapes.GEMINI_TEXT_STREAM.at(-1)!;
    events[events.length - 1] = [undefined, { ...last, candidates: [{ ...last.candidates[0], finishReason: finish }] }];
    return events;
  }
  const tools = r.model === 'tools';
  if (r.format === 'anthropic') return tools ? shapes.ANTHROPIC_TOOL_STREAM : shapes.ANTHROPIC_TEXT_STREAM;
  if (r.format === 'gemini')
    return (
      r.model === 'safety' ? [shapes.GEMINI_SAFETY] : tools ? shapes.GEMINI_TOOL_STREAM : shapes.GEMINI_TEXT_STREAM
    ).map((d) => [undefined, d]);
  const chunks: [string | undefined, unknown][] = (tools ? shapes.OPENAI_TOOL_STREAM : shapes.OPENAI_TEXT_STREAM).map(
    (d) => [undefined, d],
  );
  if (r.body?.stream_options?.include_usage) chunks.push([undefined, shapes.OPENAI_USAGE_CHUNK]);
  chunks.push([undefined, '[DONE]']);
  return chunks;
}

function midStreamError(format: RecordedRequest['format']): [string | undefined, unknown] {
  if (format === 'anthropic') return shapes.ANTHROPIC_OVERLOADED;
  return [undefined, { error: { code: 503, message: 'The model is overloaded', status: 'UNAVAILABLE' } }];
}

/**
 * Model `spelled-floats`: OpenAI's answer in input order with numbers spelled as JSON.stringify never writes them
 * (`1.0`, `2.5e-1`), so a test can tell the answer the gateway passed through from one it re-serialised.
 */
export const spelledFloatsAnswer = (inputs: number) =>
  `{"object":"list","data":[${Array.from({ length: inputs }, (_, i) => `{"object":"embedding","index":${i},"embedding":[${i + 1}.0, 2.5e-1,-1E+0]}`).join(',')}],"model":"spelled-floats","usage":{"prompt_tokens":3,"total_tokens":3}}`;

function spelledFloats(res: ServerResponse, inputs: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(spelledFloatsAnswer(inputs));
}

/** The fake's vector for input `i`: `dimensions` (default 3) values starting at i + 1, so order can be checked. */
export const fakeVector = (i: number, dimensions = 3) =>
  Array.from({ length: dimensions }, (_, d) => (d === 0 ? i + 1 : 0.5 / (d + 1)));

/** Embeddings in the provider's format (model fail-<status> fails as for chat); OpenAI counts 7 tokens per input. */
function embeddings(r: RecordedRequest, res: ServerResponse) {
  const failure = /^fail-(\d{3})$/.exec(r.model);
  if (failure) return json(res, Number(failure[1]), shapes.OPENAI_ERROR_503);
  if (r.format === 'gemini') {
    if (r.path.endsWith(':embedContent'))
      return json(res, 200, { embedding: { values: fakeVector(0, r.body.outputDimensionality) } });
    return json(res, 200, {
      embeddings: r.body.requests.map((q: { outputDimensionality?: number }, i: number) => ({
        values: fakeVector(i, q.outputDimensionality),
      })),
    });
  }
  const inputs: string[] = typeof r.body.input === 'string' ? [r.body.input] : r.body.input;
  if (r.model === 'spelled-floats') return spelledFloats(res, inputs.length);
  // Listed in reverse with their index, as OpenAI allows: the gateway must put them back in order.
  const data = inputs
    .map((_, i) => ({ object: 'embedding', index: i, embedding: fakeVector(i, r.body.dimensions) }))
    .reverse();
  return json(res, 200, {
    object: 'list',
    data,
    model: r.model,
    usage: { prompt_tokens: 7 * inputs.length, total_tokens: 7 * inputs.length },
  });
}
