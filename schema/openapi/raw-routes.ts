/**
 * Paths a module serves itself rather than through the bridge (hot paths, a demo page), described here beside the
 * generated ones. Keep in step with subgraphs/ai-gateway/http/*.handler.ts and subgraphs/support/widget/widget-demo.route.ts;
 * test/schema/openapi.test.ts checks every such path is described.
 */
const openaiError = {
  description: 'OpenAI-style error: `{error: {message, type, code, param?}}`',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              type: { type: 'string' },
              code: { type: 'string' },
              param: { type: 'string' },
            },
            required: ['message', 'type', 'code'],
          },
        },
        required: ['error'],
      },
    },
  },
};
const message = {
  type: 'object',
  properties: {
    role: { type: 'string', enum: ['system', 'user', 'assistant', 'tool', 'developer'] },
    content: {},
    name: { type: 'string' },
    tool_call_id: { type: 'string' },
    tool_calls: { type: 'array' },
  },
  required: ['role'],
};

const responseObject = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { const: 'response' },
    status: { type: 'string' },
    model: { type: 'string' },
    output: { type: 'array' },
    usage: {},
  },
  required: ['id', 'object', 'status', 'output'],
};
const redirect = (description: string) => ({ description, headers: { Location: { schema: { type: 'string' } } } });
const browserPath = (summary: string, responses: Record<string, unknown>, parameters: unknown[] = []) => ({
  tags: ['auth'],
  summary,
  security: [],
  parameters,
  responses,
});
const queryParam = (name: string, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});
const authError = {
  description: 'Platform error envelope (an HTML page when the request accepts text/html)',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { success: { const: false }, error: { type: 'object' } },
        required: ['success', 'error'],
      },
    },
    'text/html': { schema: { type: 'string' } },
  },
};

/** SSO and hosted sign-in paths served by the auth module itself (docs/auth.md, "Single sign-on"). */
const SSO_PATHS: Record<string, Record<string, unknown>> = {
  '/auth/sso/authorize': {
    get: {
      ...browserPath(
        'Starts an SSO sign-in: 302 to the identity provider (or to redirectUri with error=)',
        {
          302: redirect('To the identity provider, or to redirectUri with error and error_description'),
          400: authError,
          404: authError,
          429: authError,
        },
        [
          queryParam('applicationId', 'app_…', true),
          queryParam('redirectUri', "One of the application's redirectUris, exactly", true),
          queryParam('state', 'Returned unchanged with the code'),
          queryParam('connectionId', 'conn_…; or give email'),
          queryParam('email', "Finds the connection by the address's domain"),
        ],
      ),
      operationId: 'getAuthSsoAuthorize',
    },
  },
  '/auth/sso/oidc/callback': {
    get: {
      ...browserPath("The OpenID provider's redirect back: 302 to redirectUri with code and state, or error", {
        302: redirect('To redirectUri with code (one-time, 60 s) and state, or error'),
        400: authError,
        429: authError,
      }),
      operationId: 'getAuthSsoOidcCallback',
    },
  },
  '/auth/sso/saml/acs': {
    post: {
      ...browserPath(
        'SAML assertion consumer service (HTTP-POST binding): 303 to the continue step, or to redirectUri with error',
        {
          303: redirect('To /auth/sso/saml/continue, or redirectUri with error'),
          400: authError,
          415: authError,
          429: authError,
        },
      ),
      operationId: 'postAuthSsoSamlAcs',
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { SAMLResponse: { type: 'string' }, RelayState: { type: 'string' } },
              required: ['SAMLResponse', 'RelayState'],
            },
          },
        },
      },
    },
  },
  '/auth/sso/saml/continue': {
    get: {
      ...browserPath(
        'The browser that started a SAML sign-in comes back with its cookie: 302 to redirectUri with code and state, or error',
        { 302: redirect('To redirectUri'), 400: authError, 429: authError },
        [queryParam('flow', 'ssof_…', true)],
      ),
      operationId: 'getAuthSsoSamlContinue',
    },
  },
  '/auth/sso/saml/{connectionId}/metadata': {
    get: {
      ...browserPath(
        'SAML service provider metadata of a connection (entity ID, ACS)',
        {
          200: {
            description: 'SAML metadata',
            content: { 'application/samlmetadata+xml': { schema: { type: 'string' } } },
          },
          404: authError,
          429: authError,
        },
        [{ name: 'connectionId', in: 'path', required: true, schema: { type: 'string' } }],
      ),
      operationId: 'getAuthSsoSamlMetadata',
    },
  },
  '/auth/hosted/{applicationId}/sign-in': {
    get: {
      ...browserPath(
        'The hosted sign-in page of an application (HTML): email and password, MFA step, SSO',
        {
          200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
          400: authError,
          404: authError,
          429: authError,
        },
        [
          { name: 'applicationId', in: 'path', required: true, schema: { type: 'string' } },
          queryParam('redirectUri', "One of the application's redirectUris, exactly", true),
          queryParam('state', 'Returned unchanged with the code'),
        ],
      ),
      operationId: 'getAuthHostedSignIn',
    },
    post: {
      ...browserPath(
        'A form of the hosted sign-in page (CSRF token required): 303 to redirectUri with code, or the page again',
        {
          200: {
            description: 'HTML page (next step or error)',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          303: redirect('To redirectUri with code and state'),
          400: authError,
          401: authError,
          403: authError,
          423: authError,
          429: authError,
        },
        [
          { name: 'applicationId', in: 'path', required: true, schema: { type: 'string' } },
          queryParam('redirectUri', "One of the application's redirectUris, exactly", true),
          queryParam('state', 'Returned unchanged with the code'),
        ],
      ),
      operationId: 'postAuthHostedSignIn',
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                csrf: { type: 'string' },
                action: { type: 'string', enum: ['password', 'reset', 'mfa'] },
                email: { type: 'string' },
                password: { type: 'string' },
                mfaToken: { type: 'string' },
                code: { type: 'string' },
              },
              required: ['csrf'],
            },
          },
        },
      },
    },
  },
  '/auth/hosted/{applicationId}/discover': {
    get: {
      ...browserPath(
        'Whether an address signs in with SSO (home-realm discovery for the hosted page)',
        {
          200: {
            description: '`{success: true, data: {sso}}`',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    success: { const: true },
                    data: { type: 'object', properties: { sso: { type: 'boolean' } }, required: ['sso'] },
                  },
                  required: ['success', 'data'],
                },
              },
            },
          },
          400: authError,
          404: authError,
          429: authError,
        },
        [
          { name: 'applicationId', in: 'path', required: true, schema: { type: 'string' } },
          queryParam('email', 'The address typed so far', true),
        ],
      ),
      operationId: 'getAuthHostedDiscover',
    },
  },
};

export const HAND_DESCRIBED_PATHS: Record<string, Record<string, unknown>> = {
  ...SSO_PATHS,
  '/ai/v1/chat/completions': {
    post: {
      tags: ['ai-gateway'],
      operationId: 'postAiV1ChatCompletions',
      summary: 'Create chat completion',
      description:
        'OpenAI-compatible chat completion, routed to a provider (fallbacks, cache, usage); `stream: true` answers server-sent events.',
      security: [{ gatewayKey: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                model: { type: 'string', description: 'A route name, a model, or provider/model' },
                messages: { type: 'array', minItems: 1, items: message },
                stream: { type: 'boolean' },
                stream_options: { type: 'object', properties: { include_usage: { type: 'boolean' } } },
                temperature: { type: 'number' },
                top_p: { type: 'number' },
                max_tokens: { type: 'integer' },
                stop: {},
                tools: { type: 'array' },
                tool_choice: {},
                user: { type: 'string' },
              },
              required: ['model', 'messages'],
            },
          },
        },
      },
      responses: {
        200: {
          description:
            'A `chat.completion` object, or with `stream: true` `text/event-stream` of `chat.completion.chunk` events ending with `data: [DONE]` (trailer `X-Cost-Total`)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  object: { const: 'chat.completion' },
                  created: { type: 'integer' },
                  model: { type: 'string' },
                  choices: { type: 'array' },
                  usage: { type: 'object' },
                },
                required: ['id', 'object', 'choices'],
              },
            },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        400: openaiError,
        401: openaiError,
        403: openaiError,
        413: openaiError,
        415: openaiError,
        429: openaiError,
        500: openaiError,
        502: openaiError,
        503: openaiError,
      },
    },
  },
  '/ai/v1/models': {
    get: {
      tags: ['ai-gateway'],
      operationId: 'getAiV1Models',
      summary: 'List models',
      description: 'The models and routes this key may call (those with a configured provider credential).',
      security: [{ gatewayKey: [] }, { bearerKey: [] }],
      responses: {
        200: {
          description: 'OpenAI-style model list',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  object: { const: 'list' },
                  data: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { id: { type: 'string' }, object: { const: 'model' }, owned_by: { type: 'string' } },
                      required: ['id', 'object'],
                    },
                  },
                },
                required: ['object', 'data'],
              },
            },
          },
        },
        401: openaiError,
        429: openaiError,
      },
    },
  },
  '/ai/v1/models/{id}': {
    get: {
      tags: ['ai-gateway'],
      operationId: 'getAiV1Model',
      summary: 'One model this key may call (`provider/model` ids may be sent with the slash encoded or not)',
      security: [{ gatewayKey: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: {
          description: 'OpenAI-style model',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  object: { const: 'model' },
                  created: { type: 'integer' },
                  owned_by: { type: 'string' },
                },
                required: ['id', 'object', 'owned_by'],
              },
            },
          },
        },
        401: openaiError,
        403: openaiError,
        404: openaiError,
        429: openaiError,
      },
    },
  },
  '/ai/v1/responses': {
    post: {
      tags: ['ai-gateway'],
      operationId: 'postAiV1Responses',
      summary:
        'OpenAI Responses API over chat completions (input text or items, instructions, function tools, previous_response_id, text.format); `stream: true` answers typed server-sent events',
      security: [{ gatewayKey: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                model: { type: 'string' },
                input: {},
                instructions: { type: 'string' },
                previous_response_id: { type: 'string' },
                stream: { type: 'boolean' },
                store: { type: 'boolean' },
                tools: { type: 'array' },
              },
              required: ['model', 'input'],
            },
          },
        },
      },
      responses: {
        200: {
          description: 'A `response` object, or with `stream: true` `text/event-stream` of `response.*` events',
          content: {
            'application/json': { schema: responseObject },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        400: openaiError,
        401: openaiError,
        403: openaiError,
        413: openaiError,
        415: openaiError,
        429: openaiError,
        500: openaiError,
        502: openaiError,
        503: openaiError,
      },
    },
  },
  '/ai/v1/responses/{id}': {
    get: {
      tags: ['ai-gateway'],
      operationId: 'getAiV1Response',
      summary: 'A stored response of this organization',
      security: [{ gatewayKey: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: { description: 'The response object', content: { 'application/json': { schema: responseObject } } },
        401: openaiError,
        404: openaiError,
        429: openaiError,
      },
    },
    delete: {
      tags: ['ai-gateway'],
      operationId: 'deleteAiV1Response',
      summary: 'Deletes a stored response',
      security: [{ gatewayKey: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: {
          description: '`{id, object: "response", deleted: true}`',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { id: { type: 'string' }, object: { const: 'response' }, deleted: { const: true } },
                required: ['id', 'object', 'deleted'],
              },
            },
          },
        },
        401: openaiError,
        404: openaiError,
        429: openaiError,
      },
    },
  },
  '/ai/v1/embeddings': {
    post: {
      tags: ['ai-gateway'],
      operationId: 'postAiV1Embeddings',
      summary:
        'OpenAI-compatible embeddings (a string or an array of strings), routed to an OpenAI-compatible or Gemini provider',
      security: [{ gatewayKey: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                model: { type: 'string' },
                input: {},
                dimensions: { type: 'integer' },
                encoding_format: { type: 'string', enum: ['float', 'base64'] },
                user: { type: 'string' },
              },
              required: ['model', 'input'],
            },
          },
        },
      },
      responses: {
        200: {
          description: 'OpenAI-style embedding list (vectors as floats, or base64 of little-endian float32s)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  object: { const: 'list' },
                  data: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { object: { const: 'embedding' }, index: { type: 'integer' }, embedding: {} },
                      required: ['object', 'index', 'embedding'],
                    },
                  },
                  model: { type: 'string' },
                  usage: { type: 'object' },
                },
                required: ['object', 'data', 'usage'],
              },
            },
          },
        },
        400: openaiError,
        401: openaiError,
        403: openaiError,
        413: openaiError,
        415: openaiError,
        429: openaiError,
        500: openaiError,
        502: openaiError,
        503: openaiError,
      },
    },
  },
  '/support/widget/demo': {
    get: {
      tags: ['support'],
      operationId: 'getSupportWidgetDemo',
      summary: 'Show widget demo page',
      description:
        'A sample shop page that embeds the real chat widget script (`?widgetToken=wt_…`), served by the platform.',
      security: [],
      responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
  '/support/widget.js': {
    get: {
      tags: ['support'],
      operationId: 'getSupportWidgetScript',
      summary:
        'The chat widget script websites embed: <script src=".../support/widget.js" data-widget-token="wt_…" async>',
      security: [],
      responses: {
        200: {
          description: 'JavaScript (gzip when accepted), cacheable five minutes',
          content: { 'text/javascript': { schema: { type: 'string' } } },
        },
        304: { description: 'Not modified (If-None-Match)' },
      },
    },
  },
};
