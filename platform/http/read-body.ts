import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors/domain-error.js';

/** Which body a route reads: JSON (the API) or an HTML form encoding (carrier callbacks). */
export type BodyFormat = 'json' | 'form';

/**
 * Reads a body up to `limit` bytes: 413 above it, 415 for another content type than `format`'s, 400 for malformed
 * JSON. A form becomes an object of strings (a repeated name keeps its last value).
 */
export async function readBody(req: IncomingMessage, limit: number, format: BodyFormat = 'json'): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw new DomainError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`, { limit });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw new DomainError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`, { limit });
    }
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  if (format === 'form') return readForm(req, Buffer.concat(chunks));
  const type = String(req.headers['content-type'] ?? 'application/json').toLowerCase();
  if (!type.includes('json')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json', { field: 'Content-Type', received: type, expected: 'application/json' });
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new DomainError('INVALID_REQUEST', 'Malformed JSON body', { field: 'body', received: (error as Error).message, expected: 'valid JSON' });
  }
}

function readForm(req: IncomingMessage, body: Buffer): Record<string, string> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/x-www-form-urlencoded', { field: 'Content-Type', received: type || null, expected: 'application/x-www-form-urlencoded' });
  }
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}
