import { jest } from '@jest/globals';
import { TypingRelay } from '../../../../subgraphs/support/typing/typing-relay.js';
import type { TypingSignal } from '../../../../subgraphs/support/typing/typing-options.js';

const signal = (typing: boolean): TypingSignal => ({
  conversationId: 'cnv_1',
  inboxId: 'inb_1',
  senderType: 'agent',
  authorId: 'user_ada',
  authorName: 'Ada',
  typing,
});

describe('typing relay (pure, fake clock)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("should end typing at once on the sender's message, so typing again right after shows again", () => {
    const seen: boolean[] = [];
    const relay = new TypingRelay({ expiresAfterMs: 6_000, minIntervalMs: 300 }, (s) => seen.push(s.typing));
    relay.signal('agent:user_ada', signal(true));
    jest.advanceTimersByTime(100);
    relay.ended('agent:user_ada'); // the reply arrived; the client cleared its indicator with it
    relay.signal('agent:user_ada', signal(true)); // and the agent types again within the throttle window
    jest.advanceTimersByTime(1_000);
    expect(seen).toEqual([true, false, true]);
    relay.close();
  });

  it('should coalesce a flood into the latest state per window and expire a signal not renewed', () => {
    const seen: boolean[] = [];
    const relay = new TypingRelay({ expiresAfterMs: 6_000, minIntervalMs: 300 }, (s) => seen.push(s.typing));
    for (let i = 0; i < 40; i++) {
      relay.signal('agent:user_ada', signal(i % 2 === 0));
      jest.advanceTimersByTime(10);
    }
    jest.advanceTimersByTime(1_000);
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.at(-1)).toBe(false);
    relay.signal('agent:user_ada', signal(true));
    jest.advanceTimersByTime(6_001);
    expect(seen.slice(-2)).toEqual([true, false]);
    relay.close();
  });
});
