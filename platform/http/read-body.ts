import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors/domain-error.js';
import { parseMultipart } from './multipart.js';
import { decoderFor, unsafeJson, unsafeText } from './safe-input.js';

/**
 * Which body a route reads: JSON (the API), an HTML form encoding (carrier callbacks, pages), or an HTML form that may
 * carry files (`form-data`: URL-encoded or `multipart/form-data`, files as `PostedFile`s).
 */
export type BodyFormat = 'json' | 'form' | 'form-data';

/**
 * Reads a body up to `limit` bytes: 413 above it, 415 for another content type than `format`'s, 400 for malformed
 * JSON. A form becomes an object of strings (a repeated name keeps its last value). Plain stream events rather than
 * async iteration: this is every request's path, and the iterator costs more per request (the AI gateway's bench).
 */
export function readBody(req: IncomingMessage, limit: number, format: BodyFormat = 'json'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`, { limit });
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (size > limit) return;
      if (size === 0) return resolve(undefined);
      try {
        resolve(parseBody(req, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), format));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseBody(req: IncomingMessage, bytes: Buffer, format: BodyFormat): unknown {
  if (
    format === 'form-data' &&
    String(req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('multipart/form-data')
  ) {
    return parseMultipart(String(req.headers['content-type']), bytes);
  }
  if (format === 'form' || format === 'form-data') return readForm(req, bytes);
  const type = String(req.headers['content-type'] ?? 'application/json').toLowerCase();
  if (!type.includes('json'))
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json', {
      field: 'Content-Type',
      received: type,
      expected: 'application/json',
    });
  return parseJsonBody(bytes, type);
}

/**
 * Decodes a JSON body in its declared charset (UTF-8 or UTF-16; 415 for another), parses it and refuses at the edge
 * what would fail deeper (NUL, lone surrogates, excessive nesting): 400 with details naming the field.
 */
function parseJsonBody(bytes: Buffer, contentType: string): unknown {
  const decoder = decoderFor(contentType);
  if (!decoder)
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON in UTF-8 (or UTF-16)', {
      field: 'Content-Type',
      received: contentType,
      expected: 'application/json; charset=utf-8',
    });
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new DomainError('INVALID_REQUEST', `The body is not valid ${decoder.encoding}`, {
      field: 'body',
      received: 'undecodable bytes',
      expected: `valid ${decoder.encoding}`,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DomainError('INVALID_REQUEST', 'Malformed JSON body', {
      field: 'body',
      received: (error as Error).message,
      expected: 'valid JSON',
    });
  }
  const unsafe = unsafeJson(value);
  if (unsafe)
    throw new DomainError('INVALID_REQUEST', `${unsafe.field} ${unsafe.problem}`, {
      field: unsafe.field,
      received: unsafe.problem,
      expected: 'text without NUL or lone surrogates, nested at most 64 levels',
    });
  return value;
}

function readForm(req: IncomingMessage, body: Buffer): Record<string, string> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/x-www-form-urlencoded', {
      field: 'Content-Type',
      received: type || null,
      expected: 'application/x-www-form-urlencoded',
    });
  }
  const form = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  for (const [name, value] of Object.entries(form)) {
    const problem = unsafeText(name) ?? unsafeText(value);
    if (problem)
      throw new DomainError('INVALID_REQUEST', `Form field ${JSON.stringify(name)} ${problem}`, {
        field: name,
        received: problem,
        expected: 'text without NUL',
      });
  }
  return form;
}
