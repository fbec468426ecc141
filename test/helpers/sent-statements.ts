import { jest } from '@jest/globals';
import pg from 'pg';

/**
 * Records the text of every statement this process sends to PostgreSQL, whichever road it takes (MikroORM, knex, a
 * pooled pg connection): for tests that count round trips. `stop()` ends the recording.
 */
export function recordStatements(): { texts: () => string[]; stop: () => void } {
  const spy = jest.spyOn(pg.Client.prototype, 'query');
  return {
    texts: () =>
      spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : ((query as { text?: string })?.text ?? ''))),
    stop: () => spy.mockRestore(),
  };
}
