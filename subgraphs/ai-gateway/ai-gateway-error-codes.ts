import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the ai-gateway module raises; its routes list them in the OpenAPI document. */
export const AI_GATEWAY_ERROR_CODES = moduleErrorCodes('ai-gateway', {
  MODEL_NOT_FOUND: { status: 400, openai: { code: 'model_not_found', type: 'invalid_request_error' } },
  PROVIDER_NOT_CONFIGURED: { status: 400, openai: { code: 'provider_not_configured', type: 'configuration_error' } },
  PROVIDER_ERROR: { status: 500, openai: { code: 'provider_error', type: 'provider_error' } },
  PROVIDER_UNAVAILABLE: { status: 502, openai: { code: 'provider_unavailable', type: 'provider_error' } },
  BUDGET_EXCEEDED: { status: 429, openai: { code: 'budget_exceeded', type: 'insufficient_quota' } },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    'ai-gateway': typeof AI_GATEWAY_ERROR_CODES;
  }
}
