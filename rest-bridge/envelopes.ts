import type { EnvelopeStyle } from '../platform/errors/envelope-style.js';
import { openAiError, shownCode } from '../platform/errors/error-codes.js';

/** Response envelopes of the spec. The bridge renders; modules never do. */
export type { EnvelopeStyle };

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export function renderSuccess(style: EnvelopeStyle, data: unknown): unknown {
  switch (style) {
    case 'platform':
    case 'domains':
      return { success: true, data };
    case 'forms':
    case 'support':
    case 'crm':
    case 'mailboxes':
      return { data };
    case 'sms':
    case 'openai':
      return data;
  }
}

/** A list result arrives as `{data, meta}` with the platform meta `{count, offset, total, hasMore}`. */
export function renderList(style: EnvelopeStyle, result: { data: unknown[]; meta: Record<string, unknown> }): unknown {
  switch (style) {
    case 'platform':
    case 'domains':
      return { success: true, data: result.data, meta: result.meta };
    case 'forms':
    case 'support':
    case 'crm':
    case 'mailboxes':
      return { data: result.data, meta: result.meta };
    case 'sms':
      // A cursor page (the delivery log) has no total: it answers its cursor instead, so a caller can page on.
      return 'total' in result.meta
        ? { totalCount: result.meta.total, messages: result.data }
        : { messages: result.data, cursor: result.meta.cursor, hasMore: result.meta.hasMore };
    case 'openai':
      return { object: 'list', data: result.data };
  }
}

export function renderError(style: EnvelopeStyle, status: number, error: ErrorBody): unknown {
  if (style === 'openai') return { error: openaiError(status, error) };
  const code = shownCode(style, error.code);
  const body = error.details === undefined ? { code, message: error.message } : { ...error, code };
  switch (style) {
    case 'platform':
    case 'domains':
      return { success: false, error: body };
    case 'forms':
    case 'support':
    case 'crm':
      return { error: body };
    case 'mailboxes':
      // The AI gateway's errors carry no details.
      return { error: { code, message: error.message } };
    case 'sms':
      return { error: { code, message: error.message, statusCode: status } };
  }
}

/** The AI gateway: lowercase codes, the error type of the code, `param` naming the offending parameter. */
function openaiError(status: number, error: ErrorBody) {
  const details = error.details as { field?: unknown } | undefined;
  return {
    ...openAiError(error.code, status),
    message: error.message,
    ...(typeof details?.field === 'string' ? { param: details.field } : {}),
  };
}
