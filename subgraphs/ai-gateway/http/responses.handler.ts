import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { replyJson } from '../../../platform/http/edge/error-envelope.js';
import { CancelToken } from '../engine/cancel-token.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { ResponsesService } from '../responses/responses.service.js';
import { validateResponsesRequest } from '../responses/response-request.js';
import type { KeyGate } from './key-gate.js';
import { admit, gatewayEnvelope } from './gateway-request.js';
import { withCost } from './cost-header.js';
import { replyRawJson } from './raw-json.js';
import { coalescing, drained } from './sse-writes.js';
import type { ResponseEvent } from '../responses/response-object.js';

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

/** POST /ai/v1/responses: a Response object, or with `stream: true` its typed events (`event: <type>` + `data:`). */
export function responsesRoute(service: ResponsesService, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/responses',
    envelope: gatewayEnvelope,
    admit: (request, reply, edge) => {
      request.edge.log.route = 'POST /ai/v1/responses';
      return admit(request, reply, edge, gate, 'POST /ai/v1/responses', 'POST');
    },
    handle: (request, reply) => create(service, request, reply),
  };
}

/** GET and DELETE /ai/v1/responses/{id}: a stored response of the key's organization. */
export function storedResponseRoute(service: ResponsesService, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/responses/:id',
    envelope: gatewayEnvelope,
    admit: (request, reply, edge) => {
      const method = request.method === 'DELETE' ? 'DELETE' : 'GET';
      request.edge.log.route = `${method} /ai/v1/responses/{id}`;
      if (request.method !== 'GET' && request.method !== 'DELETE') {
        reply.raw.setHeader('Allow', 'GET, DELETE');
        throw new GatewayError('method_not_allowed', `${request.method} is not allowed on /ai/v1/responses/{id}`);
      }
      return admit(request, reply, edge, gate, `${method} /ai/v1/responses/{id}`, method);
    },
    handle: async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const organizationId = request.edge.auth!.organizationId;
      return replyJson(
        reply,
        200,
        request.method === 'DELETE' ? await service.remove(organizationId, id) : await service.get(organizationId, id),
      );
    },
  };
}

async function create(service: ResponsesService, request: FastifyRequest, reply: FastifyReply) {
  const res = reply.raw;
  const cancel = new CancelToken();
  res.on('close', () => {
    if (!res.writableEnded) cancel.abort(new Error('Client disconnected'));
  });
  const body = validateResponsesRequest(request.body);
  const auth = request.edge.auth!;
  const caller = { organizationId: auth.organizationId, keyId: auth.keyId, requestId: request.edge.requestId };
  const options = { noCache: /\bno-cache\b/i.test(String(request.headers['x-cache-control'] ?? '')), signal: cancel };
  if (!body.stream) {
    const result = await service.create(caller, body, options);
    return replyRawJson(
      reply,
      JSON.stringify(result.response),
      withCost({ 'X-Provider': result.provider }, result.costUsd),
    );
  }
  const result = await service.stream(caller, body, options);
  reply.hijack();
  res.writeHead(200, { ...SSE_HEADERS, 'X-Provider': result.provider });
  const write = coalescing(res);
  try {
    for await (const events of result.events) {
      if (res.destroyed) break;
      if (events.length > 0 && !write(sseText(events))) await drained(res);
    }
  } catch (error) {
    request.edge.log.error = error;
  }
  res.end();
  return reply;
}

/** A batch of typed events as one piece of text (`event: <type>` + `data:` each). */
function sseText(events: ResponseEvent[]): string {
  let text = '';
  for (const event of events) text += `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  return text;
}
