/**
 * Paths a module serves itself rather than through the bridge (hot paths, a demo page), described here beside the
 * generated ones. Keep in step with subgraphs/ai-gateway/http/*.handler.ts and subgraphs/support/widget/widget-demo.route.ts;
 * test/schema/openapi.test.ts checks every such path is described.
 */
const openaiError = {
  description: 'OpenAI-style error: `{error: {message, type, code, param?}}`',
  content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object', properties: { message: { type: 'string' }, type: { type: 'string' }, code: { type: 'string' }, param: { type: 'string' } }, required: ['message', 'type', 'code'] } }, required: ['error'] } } },
};
const message = {
  type: 'object',
  properties: { role: { type: 'string', enum: ['system', 'user', 'assistant', 'tool', 'developer'] }, content: {}, name: { type: 'string' }, tool_call_id: { type: 'string' }, tool_calls: { type: 'array' } },
  required: ['role'],
};

export const HAND_DESCRIBED_PATHS: Record<string, Record<string, unknown>> = {
  '/ai/v1/chat/completions': {
    post: {
      tags: ['ai-gateway'],
      operationId: 'postAiV1ChatCompletions',
      summary: 'OpenAI-compatible chat completion, routed to a provider (fallbacks, cache, usage); `stream: true` answers server-sent events',
      security: [{ gatewayKey: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: {
          type: 'object',
          properties: {
            model: { type: 'string', description: 'A route name, a model, or provider/model' },
            messages: { type: 'array', minItems: 1, items: message },
            stream: { type: 'boolean' },
            stream_options: { type: 'object', properties: { include_usage: { type: 'boolean' } } },
            temperature: { type: 'number' }, top_p: { type: 'number' }, max_tokens: { type: 'integer' }, stop: {}, tools: { type: 'array' }, tool_choice: {}, user: { type: 'string' },
          },
          required: ['model', 'messages'],
        } } },
      },
      responses: {
        200: {
          description: 'A `chat.completion` object, or with `stream: true` `text/event-stream` of `chat.completion.chunk` events ending with `data: [DONE]` (trailer `X-Cost-Total`)',
          content: {
            'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, object: { const: 'chat.completion' }, created: { type: 'integer' }, model: { type: 'string' }, choices: { type: 'array' }, usage: { type: 'object' } }, required: ['id', 'object', 'choices'] } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        400: openaiError, 401: openaiError, 403: openaiError, 413: openaiError, 415: openaiError, 429: openaiError, 500: openaiError, 502: openaiError, 503: openaiError,
      },
    },
  },
  '/ai/v1/models': {
    get: {
      tags: ['ai-gateway'],
      operationId: 'getAiV1Models',
      summary: 'The models and routes this key may call (those with a configured provider credential)',
      security: [{ gatewayKey: [] }, { bearerKey: [] }],
      responses: {
        200: { description: 'OpenAI-style model list', content: { 'application/json': { schema: { type: 'object', properties: { object: { const: 'list' }, data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, object: { const: 'model' }, owned_by: { type: 'string' } }, required: ['id', 'object'] } } }, required: ['object', 'data'] } } } },
        401: openaiError, 429: openaiError,
      },
    },
  },
  '/support/widget/demo': {
    get: {
      tags: ['support'],
      operationId: 'getSupportWidgetDemo',
      summary: 'A demo page that runs the support widget in a browser (no CDN)',
      security: [],
      responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
};
