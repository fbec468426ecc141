import { renderError, type EnvelopeStyle } from '../../rest-bridge/envelopes.js';
import type { RouteSpec } from '../../rest-bridge/route-table.js';
import { codesAnsweredOn, statusOf } from '../../platform/errors/error-codes.js';
import type { JsonSchema } from './graphql-json-schema.js';

/**
 * Error responses by status, the codes as the module's envelope shows them (rendered by the bridge's own function).
 * Each distinct response is a component (`#/components/responses/...`) that routes refer to, so the document stays small.
 */
export class ErrorResponses {
  readonly components: Record<string, unknown> = {};
  private readonly names = new Map<string, string>();

  for(module: string, style: EnvelopeStyle, spec: RouteSpec, readsCredentials = false): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(errorResponses(module, style, spec, readsCredentials)).map(([status, response]) => {
        const key = JSON.stringify(response);
        let name = this.names.get(key);
        if (!name) {
          const base = `${module.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Error${status}`;
          name = base;
          for (let i = 2; name in this.components; i++) name = `${base}_${i}`;
          this.names.set(key, name);
          this.components[name] = response;
        }
        return [status, { $ref: `#/components/responses/${name}` }];
      }),
    );
  }
}

function errorResponses(
  module: string,
  style: EnvelopeStyle,
  spec: RouteSpec,
  readsCredentials: boolean,
): Record<string, unknown> {
  const byStatus = new Map<number, Set<string>>();
  // A public route checking its own token or signature header answers UNAUTHORIZED and FORBIDDEN too.
  const route = {
    module,
    checksCredentials: spec.auth !== 'public' || readsCredentials,
    takesBody: spec.method !== 'GET',
  };
  for (const code of codesAnsweredOn(route)) {
    const status = statusOf(code);
    // PENDING: CRM's 202 "accepted, not committed yet; retry", in the error shape, on the records written asynchronously.
    if (code === 'PENDING' ? !/^\/crm\/(contacts|companies|activities)/.test(spec.path) : status < 400) continue;
    const shown = shownCode(style, status, code);
    (byStatus.get(status) ?? byStatus.set(status, new Set()).get(status)!).add(shown);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `Error codes: ${[...codes].join(', ')}`,
          content: { 'application/json': { schema: errorSchema(style, [...codes]) } },
        },
      ]),
  );
}

function shownCode(style: EnvelopeStyle, status: number, code: string): string {
  const rendered = renderError(style, status, { code, message: '' }) as { error: { code: string } };
  return rendered.error.code;
}

function errorSchema(style: EnvelopeStyle, codes: string[]): JsonSchema {
  const code = { type: 'string', enum: codes };
  const message = { type: 'string' };
  const details = { description: 'What was wrong: usually `{field, received, expected}`.' };
  const error = (properties: Record<string, JsonSchema>, required: string[]) => ({
    type: 'object',
    properties,
    required,
  });
  switch (style) {
    case 'platform':
    case 'domains':
      return error({ success: { const: false }, error: error({ code, message, details }, ['code', 'message']) }, [
        'success',
        'error',
      ]);
    case 'forms':
    case 'support':
    case 'crm':
      return error({ error: error({ code, message, details }, ['code', 'message']) }, ['error']);
    case 'mailboxes':
      return error({ error: error({ code, message }, ['code', 'message']) }, ['error']);
    case 'sms':
      return error(
        { error: error({ code, message, statusCode: { type: 'integer' } }, ['code', 'message', 'statusCode']) },
        ['error'],
      );
    case 'openai':
      return error(
        {
          error: error({ code, message, type: { type: 'string' }, param: { type: 'string' } }, [
            'code',
            'message',
            'type',
          ]),
        },
        ['error'],
      );
  }
}
