import { randomBytes } from 'node:crypto';
import type { UpstreamRequest } from './provider-adapter.js';
import { UpstreamResponse, type BodyController } from './upstream-response.js';
import type { CancelToken } from '../engine/cancel-token.js';
import type { ChatMessage } from '../chat/chat-types.js';
import { textOf } from '../chat/chat-types.js';
import { sandboxEmbeddings } from './sandbox-embeddings.js';

/** The built-in provider every organization has without a credential (unless the operator turns it off). */
export const SANDBOX_PROVIDER = 'sandbox';
/** Its base URL: never a network address; postUpstream answers it in-process. */
export const SANDBOX_BASE_URL = 'sandbox://local/v1';
export const SANDBOX_MODELS = ['echo', 'lorem', 'error-429', 'slow', 'embed'] as const;
/** `sandbox/slow`: silence before its first byte (longer than a test's deadline, shorter than the default one). */
export const SANDBOX_SLOW_FIRST_BYTE_MS = 5_000;
/** `sandbox/slow`: pause between its chunks. */
export const SANDBOX_SLOW_CHUNK_MS = 100;
/** `sandbox/lorem` without max_tokens. */
const LOREM_DEFAULT_TOKENS = 16;
const LOREM_MAX_TOKENS = 4_096;
const LOREM =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(
    ' ',
  );

export const isSandboxUrl = (url: string) => url.startsWith('sandbox:');

/** Tokens the sandbox reports: four characters each (the usual estimate), at least one per non-empty text. */
const tokensOf = (text: string) => Math.ceil(text.length / 4);

/**
 * The sandbox's answer to a request in the OpenAI wire format, as an UpstreamResponse: the engine reads it exactly as
 * it reads a provider's (deadlines, fallback, streaming, abort, usage), so trying the sandbox tries the gateway.
 */
export function sandboxAnswer(request: UpstreamRequest, signal: CancelToken): Promise<UpstreamResponse> {
  const body = JSON.parse(request.body) as {
    model?: string;
    messages?: ChatMessage[];
    max_tokens?: number;
    stream?: boolean;
    input?: unknown;
    dimensions?: number;
  };
  const model = String(body.model ?? '');
  const embeddings = request.url.endsWith('/embeddings');
  if (model === 'error-429')
    return answerJson(
      429,
      {
        error: {
          message: 'sandbox/error-429 always answers 429 (for trying fallbacks)',
          type: 'rate_limit_error',
          code: 'rate_limit_exceeded',
        },
      },
      signal,
    );
  if (embeddings) {
    if (model !== 'embed')
      return answerJson(
        400,
        {
          error: {
            message: `sandbox/${model} has no embeddings: use sandbox/embed`,
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        },
        signal,
      );
    return answerJson(200, sandboxEmbeddings(body.input, body.dimensions), signal);
  }
  const prompt = (body.messages ?? []).reduce((n, m) => n + tokensOf(textOf(m.content)), 0);
  const words = model === 'lorem' ? loremWords(body.max_tokens) : echoWords(body.messages ?? []);
  const usage = { prompt_tokens: prompt, completion_tokens: words.length, total_tokens: prompt + words.length };
  const meta = {
    id: `chatcmpl-sandbox-${randomBytes(9).toString('base64url')}`,
    created: Math.floor(Date.now() / 1000),
    model,
  };
  const slow = model === 'slow';
  const delayMs = slow ? SANDBOX_SLOW_FIRST_BYTE_MS : 0;
  if (!body.stream) {
    const completion = {
      ...meta,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' }],
      usage,
    };
    return answerJson(200, completion, signal, delayMs);
  }
  const chunk = (delta: object, finish: string | null = null) => ({
    ...meta,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const events = [
    chunk({ role: 'assistant', content: '' }),
    ...words.map((w) => chunk({ content: w })),
    chunk({}, 'stop'),
    { ...meta, object: 'chat.completion.chunk', choices: [], usage },
  ];
  const pieces = [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), 'data: [DONE]\n\n'];
  return answer(200, pieces, signal, delayMs, slow ? SANDBOX_SLOW_CHUNK_MS : 0);
}

/** The last user message, word by word (each piece keeps its following space, so the pieces join to the text). */
function echoWords(messages: ChatMessage[]): string[] {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const text = last ? textOf(last.content) : '';
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** `max_tokens` words of lorem ipsum, always the same ones: one token each. */
function loremWords(maxTokens: number | undefined): string[] {
  const n = Math.min(Math.max(1, maxTokens ?? LOREM_DEFAULT_TOKENS), LOREM_MAX_TOKENS);
  return Array.from({ length: n }, (_, i) => LOREM[i % LOREM.length]! + (i < n - 1 ? ' ' : '.'));
}

const answerJson = (status: number, body: unknown, signal: CancelToken, delayMs = 0) =>
  answer(status, [JSON.stringify(body)], signal, delayMs, 0);

/** Sends `pieces` after `delayMs`, `gapMs` apart (one turn of the event loop apart at 0), honouring pause and abort. */
function answer(
  status: number,
  pieces: string[],
  signal: CancelToken,
  delayMs: number,
  gapMs: number,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const controller = new SandboxController();
    const response = new UpstreamResponse(status, controller);
    let next = 0;
    let started = false;
    let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
    const stop = () => {
      clearTimeout(timer as NodeJS.Timeout);
      clearImmediate(timer as NodeJS.Immediate);
    };
    const stopListening = signal.onAbort(() => {
      stop();
      controller.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
    controller.onAbort = (reason) => {
      stop();
      stopListening();
      if (started) response.settle(reason);
      else reject(reason);
    };
    const send = () => {
      timer = undefined;
      if (controller.aborted) return;
      if (controller.paused) return void (controller.onResume = send);
      response.push(Buffer.from(pieces[next++]!));
      if (next < pieces.length) timer = gapMs ? setTimeout(send, gapMs) : setImmediate(send);
      else {
        stopListening();
        response.settle('ended');
      }
    };
    const start = () => {
      started = true;
      resolve(response);
      send();
    };
    timer = delayMs ? setTimeout(start, delayMs) : setImmediate(start);
  });
}

/** Backpressure and abort for an in-process answer. */
class SandboxController implements BodyController {
  paused = false;
  aborted = false;
  onResume: (() => void) | undefined;
  onAbort: ((reason: Error) => void) | undefined;

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    const resume = this.onResume;
    this.onResume = undefined;
    resume?.();
  }

  abort(reason: Error) {
    if (this.aborted) return;
    this.aborted = true;
    this.onAbort?.(reason);
  }
}
