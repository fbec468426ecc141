import { DomainError } from '../errors/domain-error.js';
import { unsafeText } from './safe-input.js';

/** A file part of a `multipart/form-data` body: the name the browser gave, its declared type (not trusted) and bytes. */
export interface PostedFile {
  fileName: string;
  declaredType: string | null;
  bytes: Buffer;
}

/** A parsed HTML form: text controls as strings, file controls as files (an empty file input has no part kept). */
export type MultipartForm = Record<string, string | PostedFile>;

/** More parts than any form of the platform has: a body of thousands of tiny parts is refused before it costs. */
const MAX_PARTS = 1_000;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function isPostedFile(value: unknown): value is PostedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as PostedFile).bytes);
}

/**
 * Reads a whole `multipart/form-data` body (RFC 7578) already held in memory (the edge's body limit bounds it). A
 * repeated name keeps its last value, as the URL-encoded reader does; text must be UTF-8 without NUL. Anything
 * malformed is a 400 naming the body.
 */
export function parseMultipart(contentType: string, body: Buffer): MultipartForm {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  if (!boundary) throw malformed('the Content-Type has no boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const form: MultipartForm = {};
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformed('no part starts');
  let parts = 0;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return form;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw malformed('a boundary is not followed by a line break');
    const headersEnd = body.indexOf(HEADER_END, at + 2);
    if (headersEnd < 0) throw malformed('a part has no end of headers');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd + 4);
    if (next < 0) throw malformed('the last part is not closed');
    if (++parts > MAX_PARTS) throw malformed(`more than ${MAX_PARTS} parts`);
    addPart(form, body.subarray(at + 2, headersEnd).toString('utf8'), body.subarray(headersEnd + 4, next));
    at = next + 2;
  }
}

function addPart(form: MultipartForm, rawHeaders: string, content: Buffer): void {
  const headers = new Map<string, string>();
  for (const line of rawHeaders.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = parameter(disposition, 'name');
  if (!/^form-data\b/i.test(disposition) || name === null) throw malformed('a part has no form-data name');
  checkText(name, name);
  const fileName = parameter(disposition, 'filename');
  if (fileName === null) {
    const value = content.toString('utf8');
    checkText(name, value);
    form[name] = value;
    return;
  }
  // A file input left empty is sent as a part with an empty name and no bytes: there is no file.
  if (fileName === '' && content.length === 0) return;
  form[name] = { fileName, declaredType: headers.get('content-type') ?? null, bytes: Buffer.from(content) };
}

/** A quoted (or bare) parameter of a header value; browsers escape `"` and line breaks in names as %22, %0D, %0A. */
function parameter(header: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(header);
  if (!match) return null;
  const raw = match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!;
  return raw.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

function checkText(name: string, value: string): void {
  const problem = unsafeText(value);
  if (problem)
    throw new DomainError('INVALID_REQUEST', `Form field ${JSON.stringify(name)} ${problem}`, {
      field: name,
      received: problem,
      expected: 'text without NUL',
    });
}

function malformed(problem: string): DomainError {
  return new DomainError('INVALID_REQUEST', `Malformed multipart/form-data body: ${problem}`, {
    field: 'body',
    received: problem,
    expected: 'multipart/form-data (RFC 7578)',
  });
}
