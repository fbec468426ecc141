/**
 * The type of a file, read from its bytes (the browser's declared type and the name's extension are the respondent's
 * word, not evidence). Formats whose signature is not a few bytes (Office documents are ZIP archives) are told apart
 * by what the archive holds. Bytes that match nothing here are `application/octet-stream`.
 */
export const SNIFFED_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'video/mp4',
  'video/quicktime',
  'audio/mpeg',
  'text/plain',
  'text/csv',
  'application/octet-stream',
] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

export function sniffContentType(bytes: Buffer, fileName: string): SniffedType {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(bytes, 4, 8) === 'ftyp') return isoMediaType(ascii(bytes, 8, 12));
  if (ascii(bytes, 0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe6) === 0xe2)) return 'audio/mpeg';
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipType(bytes);
  if (isText(bytes)) return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
  return 'application/octet-stream';
}

/** ISO base media files name their brand after `ftyp`. */
function isoMediaType(brand: string): SniffedType {
  if (['heic', 'heix', 'mif1', 'msf1', 'heif'].includes(brand)) return 'image/heic';
  if (brand === 'qt  ') return 'video/quicktime';
  return 'video/mp4';
}

/** Office Open XML documents are ZIP archives with `[Content_Types].xml` and a part folder named by the application. */
function zipType(bytes: Buffer): SniffedType {
  const head = bytes.subarray(0, Math.min(bytes.length, 64 * 1024)).toString('latin1');
  const names = bytes.toString('latin1', Math.max(0, bytes.length - 64 * 1024));
  const holds = (name: string) => head.includes(name) || names.includes(name);
  if (!holds('[Content_Types].xml')) return 'application/zip';
  if (holds('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (holds('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (holds('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
}

/** UTF-8 text without NUL or other control characters than tab and line breaks (its first 64 KB). */
function isText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  if (head.length === 0) return false;
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  try {
    // Streaming: a character cut at 64 KB is not an error; a whole file must decode to its end.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length < bytes.length });
    return true;
  } catch {
    return false;
  }
}
