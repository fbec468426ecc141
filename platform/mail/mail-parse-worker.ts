// The worker side of ParsePool: parses raw messages with mailparser off the main thread. mailparser (through
// mailsplit) yields to the event loop once per line, so a 50 KB message takes ~800 loop turns; on the main thread,
// each turn waits behind the platform's other I/O, and a message took 200 ms of wall time to parse under load.
import { parentPort } from 'node:worker_threads';
import { simpleParser } from 'mailparser';

parentPort!.on('message', ({ id, raw }: { id: number; raw: Uint8Array }) => {
  simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), { skipImageLinks: true, skipTextToHtml: true }).then(
    (parsed) => {
      // Functions do not cross a thread boundary: mailparser leaves `release` on each attachment.
      for (const a of parsed.attachments) delete (a as { release?: unknown }).release;
      parentPort!.postMessage({ id, parsed });
    },
    (error: Error) => parentPort!.postMessage({ id, error: error.message }),
  );
});
