/**
 * Limits on a message's header block, checked while the message streams in and before anything parses it. Header
 * parsers are not linear in every shape of input (mailauth's took 145 s over 200,000 folded lines, on the main
 * thread), and no real message comes near these figures: Postfix refuses a header over 100 KB, and a long chain of
 * Received lines is a few hundred lines.
 */
export const HEADER_LIMITS = {
  /** Bytes of the whole header block. */
  maxBytes: 256 * 1024,
  /** Physical lines of the header block, folded continuation lines included. */
  maxLines: 2_000,
  /** Header fields (lines that do not continue the one before). */
  maxFields: 1_000,
  /** Bytes of one physical line (RFC 5322 allows 998; some senders exceed it). */
  maxLineBytes: 64 * 1024,
} as const;

/** Why a header block is refused, in words for the SMTP reply; null when it is within the limits. */
export type HeaderProblem = string | null;

/**
 * Watches the start of a message as its chunks arrive: `push` answers undefined while the header block is still
 * incomplete and within its byte limit, then once and for all null (within the limits) or the problem.
 */
export class HeaderLimitCheck {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private verdict: HeaderProblem | undefined;

  push(chunk: Buffer): HeaderProblem | undefined {
    if (this.verdict !== undefined) return this.verdict;
    this.chunks.push(chunk);
    this.size += chunk.length;
    const head = Buffer.concat(this.chunks);
    const end = headerEnd(head);
    if (end < 0) {
      if (this.size > HEADER_LIMITS.maxBytes) return this.settle(`header block over ${HEADER_LIMITS.maxBytes} bytes`);
      if (longestLine(head) > HEADER_LIMITS.maxLineBytes)
        return this.settle(`header line over ${HEADER_LIMITS.maxLineBytes} bytes`);
      return undefined;
    }
    return this.settle(headerProblem(head.subarray(0, end)));
  }

  /** The verdict at the end of the message (a message that is all header). */
  end(): HeaderProblem {
    if (this.verdict !== undefined) return this.verdict;
    return this.settle(headerProblem(Buffer.concat(this.chunks)));
  }

  private settle(verdict: HeaderProblem): HeaderProblem {
    this.verdict = verdict;
    this.chunks.length = 0;
    return verdict;
  }
}

/** Where the header block ends (the empty line), or -1. */
function headerEnd(buffer: Buffer): number {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf < 0) return lf;
  return lf < 0 ? crlf : Math.min(crlf, lf);
}

function headerProblem(header: Buffer): HeaderProblem {
  if (header.length > HEADER_LIMITS.maxBytes) return `header block over ${HEADER_LIMITS.maxBytes} bytes`;
  let lines = 0;
  let fields = 0;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(10, start);
    if (end < 0) end = header.length;
    if (end - start > HEADER_LIMITS.maxLineBytes) return `header line over ${HEADER_LIMITS.maxLineBytes} bytes`;
    lines++;
    const first = header[start];
    if (first !== 0x20 && first !== 0x09) fields++;
    start = end + 1;
  }
  if (lines > HEADER_LIMITS.maxLines) return `more than ${HEADER_LIMITS.maxLines} header lines`;
  if (fields > HEADER_LIMITS.maxFields) return `more than ${HEADER_LIMITS.maxFields} header fields`;
  return null;
}

function longestLine(buffer: Buffer): number {
  let longest = 0;
  let start = 0;
  for (let end = buffer.indexOf(10); end >= 0; end = buffer.indexOf(10, start)) {
    longest = Math.max(longest, end - start);
    start = end + 1;
  }
  return Math.max(longest, buffer.length - start);
}
