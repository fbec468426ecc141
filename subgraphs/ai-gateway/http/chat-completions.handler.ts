import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { validateChatRequest } from '../chat/chat-request.validate.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { ChatCompletionService } from '../engine/chat-completion.service.js';
import type { KeyGate } from './key-gate.js';
import { CancelToken } from '../engine/cancel-token.js';
import { admit, gatewayEnvelope } from './gateway-request.js';
import { formatCost, withCost } from './cost-header.js';
import { replyRawJson } from './raw-json.js';
import { coalescing, drained } from './sse-writes.js';

const ROUTE = 'POST /ai/v1/chat/completions';
const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
  Trailer: 'X-Cost-Total',
};

/**
 * POST /ai/v1/chat/completions, served in-process beside the REST bridge: key and rate limit from memory,
 * routing from a short cache, then the provider call. Plain JSON or SSE; a client that disconnects aborts upstream.
 */
export function chatCompletionsRoute(service: ChatCompletionService, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/chat/completions',
    envelope: gatewayEnvelope,
    admit: (request, reply, edge) => {
      request.edge.log.route = ROUTE;
      return admit(request, reply, edge, gate, ROUTE, 'POST');
    },
    handle: (request, reply) => handle(service, request, reply),
  };
}

async function handle(service: ChatCompletionService, request: FastifyRequest, reply: FastifyReply) {
  const res = reply.raw;
  const { edge } = request;
  const cancel = new CancelToken();
  res.on('close', () => {
    if (!res.writableEnded) cancel.abort(new Error('Client disconnected'));
  });
  const chat = validateChatRequest(request.body);
  const auth = edge.auth!;
  const caller = { organizationId: auth.organizationId, keyId: auth.keyId, requestId: edge.requestId };
  const options = { noCache: /\bno-cache\b/i.test(String(request.headers['x-cache-control'] ?? '')), signal: cancel };
  if (!chat.stream) {
    const result = await service.complete(caller, chat, options);
    return replyRawJson(
      reply,
      result.json ?? JSON.stringify(result.completion),
      withCost({ 'X-Provider': result.provider, 'X-Cache': result.cache }, result.costUsd),
    );
  }
  const result = await service.stream(caller, chat, options);
  // Server-sent events with a trailer: written on the raw response, which Fastify leaves to us from here.
  reply.hijack();
  res.writeHead(200, { ...SSE_HEADERS, 'X-Provider': result.provider, 'X-Cache': result.cache });
  const write = coalescing(res);
  try {
    for await (const chunk of result.chunks) {
      if (!write(`data: ${JSON.stringify(chunk)}\n\n`)) await drained(res);
      if (res.destroyed) break;
    }
    write('data: [DONE]\n\n');
  } catch (error) {
    if (!(error instanceof GatewayError)) {
      // The status went out: an error of ours can only cut the stream short.
      edge.log.error = error;
      res.end();
      return reply;
    }
    // A provider's failure now can only be told in the stream (OpenRouter's way).
    edge.log.error = error.message;
    if (!res.destroyed) res.write(`data: ${JSON.stringify(error.toBody())}\n\n`);
  }
  const cost = result.costUsd();
  if (cost !== undefined && cost !== null) res.addTrailers({ 'X-Cost-Total': formatCost(cost) });
  res.end();
  return reply;
}
