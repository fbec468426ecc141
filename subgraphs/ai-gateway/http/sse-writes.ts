import type { ServerResponse } from 'node:http';

/**
 * res.write that sends the events produced in one turn of the event loop (one provider read often carries several)
 * in one syscall: the socket is corked at a write and uncorked once the turn is over. The first write (with the
 * headers) goes out at once: time to first event is what a streaming client feels. Each write to a socket is a
 * syscall whose loopback send was the largest single cost in the gateway's CPU profile.
 */
export function coalescing(res: ServerResponse): (text: string) => boolean {
  let corked = false;
  let first = true;
  return (text) => {
    if (first) {
      first = false;
      return res.write(text);
    }
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(() => {
        corked = false;
        res.uncork();
      });
    }
    return res.write(text);
  };
}

/** Resolves when the socket takes more data, or is gone. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
