/** Where a CQL error points, for showing it under the query: the line and column of a character offset. */
export interface CqlErrorMarker {
  /** 1-based line of the offending character. */
  line: number;
  /** 1-based column on that line. */
  column: number;
  /** The whole line the error is on. */
  lineText: string;
}

/**
 * The marker of an error at `position` (the character offset the platform reports in `details.position` for `where`);
 * null when the error names no offset (a filter's JSON path, a server error). An offset past the end points just
 * after the last character (an expression that stopped too early).
 */
export function cqlErrorMarker(query: string, position: unknown): CqlErrorMarker | null {
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0) return null;
  const at = Math.min(position, query.length);
  const before = query.slice(0, at);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = query.indexOf('\n', at) === -1 ? query.length : query.indexOf('\n', at);
  return { line, column: at - lineStart + 1, lineText: query.slice(lineStart, lineEnd) };
}
