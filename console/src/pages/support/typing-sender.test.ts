import { describe, expect, it } from 'vitest';
import { TypingSender } from './typing-sender';

/** A sender over a hand-moved clock, recording what it sent; `expiresInMs` is what the platform answers. */
function setup(expiresInMs = 6_000, fail = false) {
  let now = 1_000_000;
  const sent: boolean[] = [];
  const sender = new TypingSender(
    async (typing) => {
      sent.push(typing);
      if (fail) throw new Error('refused');
      return typing ? expiresInMs : 0;
    },
    () => now,
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    sender,
    sent,
    settle,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('TypingSender', () => {
  it("sends true on the first keystroke, renews at half the signal's lifetime, and false once on stop", async () => {
    const { sender, sent, settle, advance } = setup(6_000);
    sender.changed(true);
    await settle();
    expect(sent).toEqual([true]);
    for (let i = 0; i < 5; i++) {
      advance(500);
      sender.changed(true);
    }
    await settle();
    expect(sent).toEqual([true]); // 2.5 s later: within the renewal period
    advance(500);
    sender.changed(true);
    await settle();
    expect(sent).toEqual([true, true]); // 3 s: half of the 6 s the platform answered
    sender.stop();
    sender.stop();
    await settle();
    expect(sent).toEqual([true, true, false]);
  });

  it("takes the renewal period from the platform's answer", async () => {
    const { sender, sent, settle, advance } = setup(800);
    sender.changed(true);
    await settle();
    advance(400);
    sender.changed(true);
    await settle();
    expect(sent).toEqual([true, true]);
  });

  it('stops when the box is emptied, and sends nothing for an agent who never typed', async () => {
    const { sender, sent, settle } = setup();
    sender.stop();
    sender.changed(false);
    await settle();
    expect(sent).toEqual([]);
    sender.changed(true);
    sender.changed(false);
    sender.changed(true);
    await settle();
    expect(sent).toEqual([true, false, true]);
  });

  it('does not retry a refused signal on every keystroke', async () => {
    const { sender, sent, settle, advance } = setup(6_000, true);
    sender.changed(true);
    await settle();
    advance(100);
    sender.changed(true);
    await settle();
    expect(sent).toEqual([true]);
    advance(3_000);
    sender.changed(true);
    await settle();
    expect(sent).toEqual([true, true]);
  });

  it('sends in order: a false never overtakes the true before it', async () => {
    const order: string[] = [];
    let release!: () => void;
    const sender = new TypingSender((typing) => {
      order.push(`start ${typing}`);
      return typing
        ? new Promise((resolve) => {
            release = () => {
              order.push('end true');
              resolve(6_000);
            };
          })
        : Promise.resolve(0).then((v) => {
            order.push('end false');
            return v;
          });
    });
    sender.changed(true);
    sender.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['start true']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['start true', 'end true', 'start false', 'end false']);
  });
});
