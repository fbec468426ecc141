import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors/domain-error.js';

/** Reads a JSON body up to `limit` bytes: 413 above it, 400 for malformed JSON, 415 for another content type. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
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
  const type = String(req.headers['content-type'] ?? 'application/json').toLowerCase();
  if (!type.includes('json')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json', { field: 'Content-Type', received: type, expected: 'application/json' });
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new DomainError('INVALID_REQUEST', 'Malformed JSON body', { field: 'body', received: (error as Error).message, expected: 'valid JSON' });
  }
}
