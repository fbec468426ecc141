import { jest } from '@jest/globals';
import pg from 'pg';

/** One statement sent to PostgreSQL: its text, the connection it went on and when it was sent and answered. */
export interface SentStatement {
  text: string;
  client: pg.Client;
  sentAt: number;
  answeredAt: number;
}

/**
 * Records every statement this process sends to PostgreSQL with its connection and timing (whichever road it takes:
 * MikroORM, knex, a pooled pg connection), for tests that count what a request sends and how many round trips it
 * waits on. `stop()` ends the recording.
 */
export function recordSentStatements(): { sent: SentStatement[]; stop: () => void } {
  const sent: SentStatement[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const query = args[0];
    const entry: SentStatement = {
      text: typeof query === 'string' ? query : ((query as { text?: string })?.text ?? ''),
      client: this,
      sentAt: performance.now(),
      answeredAt: Infinity,
    };
    sent.push(entry);
    const answered = () => {
      entry.answeredAt = performance.now();
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        answered();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(answered, answered);
    return result as never;
  });
  return { sent, stop: () => spy.mockRestore() };
}

/**
 * The statements of one piece of work among everything recorded (background jobs and dispatchers send their own):
 * those `mine` picks, with the BEGIN before and the COMMIT or ROLLBACK after them on the same connection.
 */
export function statementsOf(sent: SentStatement[], mine: (text: string) => boolean): SentStatement[] {
  const control = (s: SentStatement) => /^\s*(begin|commit|rollback)\b/i.test(s.text);
  const picked = new Set(sent.filter((s) => mine(s.text)));
  sent.forEach((s, i) => {
    if (!control(s)) return;
    const sameClient = (t: SentStatement) => t.client === s.client;
    const next = sent.slice(i + 1).find(sameClient);
    const previous = sent.slice(0, i).reverse().find(sameClient);
    if (
      (/^\s*begin/i.test(s.text) && next && picked.has(next)) ||
      (!/^\s*begin/i.test(s.text) && previous && picked.has(previous))
    )
      picked.add(s);
  });
  return sent.filter((s) => picked.has(s));
}

/** Round trips waited on one after the other: a statement sent while another of the list was in flight shares its trip. */
export function roundTrips(statements: SentStatement[]): number {
  let trips = 0;
  let busyUntil = -Infinity;
  for (const s of [...statements].sort((a, b) => a.sentAt - b.sentAt)) {
    if (s.sentAt >= busyUntil) trips++;
    busyUntil = Math.max(busyUntil, s.answeredAt);
  }
  return trips;
}
