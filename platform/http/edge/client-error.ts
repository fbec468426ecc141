import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DomainError } from '../../errors/domain-error.js';
import { INTERNAL_ERROR, type ErrorEnvelope } from './error-envelope.js';

/**
 * Node's answer to a request it could not parse (headers over its 16 KB limit, a malformed request line, a request
 * too slow to arrive), written in the platform's envelope: Fastify's default writes a JSON body of its own shape.
 * No route is known yet, so the edge's default envelope answers. A reset or destroyed socket gets nothing.
 */
export function clientErrorHandler(
  envelope: ErrorEnvelope,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new DomainError('REQUEST_HEADERS_TOO_LARGE', 'The request headers exceed 16 KB')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new DomainError('REQUEST_TIMEOUT', 'The request did not arrive in time')
          : new DomainError('INVALID_REQUEST', 'Malformed HTTP request');
    const { status, body } = envelope(refusal) ?? INTERNAL_ERROR;
    const payload = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
    }
    socket.destroy(error);
  };
}
