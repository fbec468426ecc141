import type { ServerResponse } from 'node:http';
import { DomainError } from '../../errors/domain-error.js';
import { statusOf } from '../../errors/error-codes.js';

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
export const INTERNAL_ERROR: RenderedError = { status: 500, body: { success: false, error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } } };

/** Writes a JSON answer (a string is sent as is); once the status went out, only ends the response. */
export function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}
