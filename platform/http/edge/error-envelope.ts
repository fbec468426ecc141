import type { FastifyReply } from 'fastify';
import { DomainError } from '../../errors/domain-error.js';
import { statusOf } from '../../errors/error-codes.js';
import { databaseUnavailableError, isDatabaseUnavailable } from '../../database/database-unavailable.js';

/** An error answer as an entry writes it. */
export interface RenderedError {
  status: number;
  body: unknown;
  /** Headers the envelope adds (the AI gateway's Retry-After on 503). */
  headers?: Record<string, string>;
}

/** An entry's error envelope: the answer for an error it knows, undefined for one it does not (a 500 then). */
export type ErrorEnvelope = (error: unknown) => RenderedError | undefined;

/** The code, message and details of a DomainError, as every platform envelope shows them. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/** An envelope for DomainErrors, with the status their code maps to (platform/errors/error-codes.ts). */
export function domainEnvelope(render: (status: number, error: ErrorBody) => unknown): ErrorEnvelope {
  return (error) => {
    if (!(error instanceof DomainError)) return undefined;
    const status = statusOf(error.code);
    return { status, body: render(status, { code: error.code, message: error.message, details: error.details }) };
  };
}

/** The answer when an entry's envelope has none: the platform envelope's 500. */
export const INTERNAL_ERROR: RenderedError = {
  status: 500,
  body: { success: false, error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } },
};

/**
 * The answer to an error in an entry's envelope. An error the envelope does not know goes on the request's log line
 * and becomes its 500 (the platform's when it has none); a 5xx puts its message on the log line.
 */
export function renderFailure(error: unknown, log: Record<string, unknown>, envelope: ErrorEnvelope): RenderedError {
  if (!(error instanceof DomainError) && isDatabaseUnavailable(error)) {
    log.error ??= (error as Error).message;
    error = databaseUnavailableError();
  }
  const rendered = envelope(error);
  if (rendered) {
    if (rendered.status >= 500) log.error ??= (error as Error).message;
    return withRetryAfter(rendered, error);
  }
  log.error = error;
  return envelope(new DomainError('INTERNAL_ERROR', 'Internal server error')) ?? INTERNAL_ERROR;
}

/** A refusal that says when to come back (429, 503) carries it as Retry-After too, in seconds. */
function withRetryAfter(rendered: RenderedError, error: unknown): RenderedError {
  const retryAfter =
    error instanceof DomainError ? (error.details as { retryAfter?: unknown } | undefined)?.retryAfter : undefined;
  if (
    (rendered.status !== 429 && rendered.status !== 503) ||
    typeof retryAfter !== 'number' ||
    retryAfter <= 0 ||
    rendered.headers?.['Retry-After']
  )
    return rendered;
  return { ...rendered, headers: { ...rendered.headers, 'Retry-After': String(Math.ceil(retryAfter)) } };
}

/** Answers JSON through Fastify (a string is sent as is). */
export function replyJson(
  reply: FastifyReply,
  status: number,
  payload: unknown,
  headers?: Record<string, string>,
): FastifyReply {
  if (headers) reply.headers(headers);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(typeof payload === 'string' ? payload : JSON.stringify(payload));
}
