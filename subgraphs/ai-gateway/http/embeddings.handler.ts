import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { CancelToken } from '../engine/cancel-token.js';
import type { EmbeddingService } from '../embeddings/embedding.service.js';
import { validateEmbeddingRequest } from '../embeddings/embedding-request.validate.js';
import type { KeyGate } from './key-gate.js';
import { admit, gatewayEnvelope } from './gateway-request.js';
import { withCost } from './cost-header.js';
import { replyRawJson } from './raw-json.js';

const ROUTE = 'POST /ai/v1/embeddings';

/** POST /ai/v1/embeddings (OpenAI's shape): a string or an array of strings, `dimensions`, `encoding_format`. */
export function embeddingsRoute(service: EmbeddingService, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/embeddings',
    envelope: gatewayEnvelope,
    admit: (request, reply, edge) => {
      request.edge.log.route = ROUTE;
      return admit(request, reply, edge, gate, ROUTE, 'POST');
    },
    handle: async (request, reply) => {
      const cancel = new CancelToken();
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) cancel.abort(new Error('Client disconnected'));
      });
      const embedding = validateEmbeddingRequest(request.body);
      const auth = request.edge.auth!;
      const result = await service.embed(
        { organizationId: auth.organizationId, keyId: auth.keyId, requestId: request.edge.requestId },
        embedding,
        cancel,
      );
      return replyRawJson(
        reply,
        typeof result.body === 'string' ? result.body : JSON.stringify(result.body),
        withCost({ 'X-Provider': result.provider }, result.costUsd),
      );
    },
  };
}
