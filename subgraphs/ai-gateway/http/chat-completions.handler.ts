import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ModuleHttpRoute, ModuleRequestContext } from '../../../platform/http/module-http.js';
import { validateChatRequest } from '../chat/chat-request.validate.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { ChatCompletionService } from '../engine/chat-completion.service.js';
import type { KeyGate } from './key-gate.js';
import { CancelToken } from '../engine/cancel-token.js';
import { sendJson } from '../../../platform/http/edge/error-envelope.js';
import { admit, gatewayEnvelope } from './gateway-request.js';

const ROUTE = 'POST /ai/v1/chat/completions';
const SSE_HEADERS = { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no', Trailer: 'X-Cost-Total' };

/** USD as a plain decimal string (no exponent): `0.0000123`. */
export const formatCost = (usd: number) => usd.toFixed(10).replace(/\.?0+$/, '') || '0';

/**
 * POST /ai/v1/chat/completions, served in-process beside the REST bridge: key and rate limit from memory,
 * routing from a short cache, then the provider call. Plain JSON or SSE; a client that disconnects aborts upstream.
 */
export function chatCompletionsRoute(service: ChatCompletionService, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/chat/completions',
    handle: (req, res, context) => handle(service, gate, req, res, context),
  };
}

async function handle(service: ChatCompletionService, gate: KeyGate, req: IncomingMessage, res: ServerResponse, context: ModuleRequestContext) {
  context.log.route = ROUTE;
  const cancel = new CancelToken();
  res.on('close', () => {
    if (!res.writableEnded) cancel.abort(new Error('Client disconnected'));
  });
  try {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      throw new GatewayError('method_not_allowed', `${req.method} is not allowed on /ai/v1/chat/completions`);
    }
    const auth = await admit(req, res, context, gate, ROUTE);
    const request = validateChatRequest(await context.edge.readBody(req));
    const caller = { organizationId: auth.organizationId, keyId: auth.keyId, requestId: context.requestId };
    const options = { noCache: /\bno-cache\b/i.test(String(req.headers['x-cache-control'] ?? '')), signal: cancel };
    if (!request.stream) {
      const result = await service.complete(caller, request, options);
      sendJson(res, 200, result.json ?? result.completion, { 'X-Provider': result.provider, 'X-Cache': result.cache, 'X-Cost-Total': formatCost(result.costUsd) });
      return;
    }
    const result = await service.stream(caller, request, options);
    res.writeHead(200, { ...SSE_HEADERS, 'X-Provider': result.provider, 'X-Cache': result.cache });
    const write = coalescing(res);
    try {
      for await (const chunk of result.chunks) {
        if (!write(`data: ${JSON.stringify(chunk)}\n\n`)) await drained(res);
        if (res.destroyed) break;
      }
      write('data: [DONE]\n\n');
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      // The status went out with the first chunk: a failure now can only be told in the stream (OpenRouter's way).
      context.log.error = error.message;
      if (!res.destroyed) res.write(`data: ${JSON.stringify(error.toBody())}\n\n`);
    }
    const cost = result.costUsd();
    if (cost !== undefined) res.addTrailers({ 'X-Cost-Total': formatCost(cost) });
    res.end();
  } catch (error) {
    context.edge.fail(res, context, error, gatewayEnvelope);
  }
}

/**
 * res.write that sends the chunks produced in one turn of the event loop (one provider read often carries several
 * events) in one syscall: the socket is corked at a write and uncorked once the turn is over. The first chunk
 * (with the headers) goes out at once: time to first chunk is what a streaming client feels.
 */
function coalescing(res: ServerResponse): (text: string) => boolean {
  let corked = false;
  let first = true;
  return (text) => {
    if (first) {
      first = false;
      return res.write(text);
    }
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(() => {
        corked = false;
        res.uncork();
      });
    }
    return res.write(text);
  };
}

/** Resolves when the socket takes more data, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
