import { describe, expect, it } from 'vitest';
import { cqlErrorMarker } from './cql-position';

describe('cqlErrorMarker', () => {
  it('points at the offending character of a one-line query', () => {
    expect(cqlErrorMarker('email contains "x" AND', 22)).toEqual({
      line: 1,
      column: 23,
      lineText: 'email contains "x" AND',
    });
    expect(cqlErrorMarker('status = ', 6)).toEqual({ line: 1, column: 7, lineText: 'status = ' });
  });

  it('finds the line and column in a query over several lines', () => {
    const query = 'lifecycleStage = "lead"\nAND createdAt > -30x';
    expect(cqlErrorMarker(query, query.indexOf('-30x'))).toEqual({
      line: 2,
      column: 17,
      lineText: 'AND createdAt > -30x',
    });
  });

  it('clamps an offset past the end to just after the last character', () => {
    expect(cqlErrorMarker('name =', 99)).toEqual({ line: 1, column: 7, lineText: 'name =' });
  });

  it('has no marker when the error names no character offset', () => {
    expect(cqlErrorMarker('x', 'conditions[0].field')).toBeNull();
    expect(cqlErrorMarker('x', undefined)).toBeNull();
    expect(cqlErrorMarker('x', -1)).toBeNull();
    expect(cqlErrorMarker('x', 1.5)).toBeNull();
  });
});
