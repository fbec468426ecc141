import { Attempt } from '../../../../subgraphs/ai-gateway/engine/attempt.js';
import { CancelToken } from '../../../../subgraphs/ai-gateway/engine/cancel-token.js';
import { UpstreamError } from '../../../../subgraphs/ai-gateway/providers/upstream-error.js';

/** Resolves with what the attempt says of its failure once its signal aborts. */
const failureOf = (attempt: Attempt) =>
  new Promise<unknown>((resolve) => attempt.signal.onAbort(() => resolve(attempt.errorFor(new Error('aborted')))));
const deadline = (kind: string) => expect.objectContaining({ retriable: true, details: { timeout: kind } });

describe('Attempt: one provider call under its three deadlines', () => {
  it('should time out before the first byte', async () => {
    const attempt = new Attempt(new CancelToken(), { firstByteMs: 50, idleMs: 60_000, totalMs: 60_000 }, Date.now());
    expect(await failureOf(attempt)).toEqual(deadline('first_byte'));
  });

  it('should time out after a silence between pieces once the first byte came', async () => {
    const attempt = new Attempt(new CancelToken(), { firstByteMs: 60_000, idleMs: 50, totalMs: 60_000 }, Date.now());
    attempt.startIdleClock();
    expect(await failureOf(attempt)).toEqual(deadline('idle'));
  });

  it('should end at the total deadline even while pieces keep coming', async () => {
    const attempt = new Attempt(new CancelToken(), { firstByteMs: 60_000, idleMs: 200, totalMs: 300 }, Date.now());
    attempt.startIdleClock();
    const pieces = setInterval(() => attempt.touch(), 10);
    try {
      const failure = await failureOf(attempt);
      expect(failure).toBeInstanceOf(UpstreamError);
      expect(failure).toEqual(deadline('total'));
    } finally {
      clearInterval(pieces);
    }
  });

  it("should abort when the client leaves, and report the client's reason", async () => {
    const client = new CancelToken();
    const attempt = new Attempt(client, { firstByteMs: 60_000, idleMs: 60_000, totalMs: 60_000 }, Date.now());
    const gone = new Error('Client disconnected');
    client.abort(gone);
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.errorFor(new Error('socket hang up'))).toBe(gone);
    attempt.finish(false);
  });
});
