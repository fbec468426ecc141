// The DNS load generator of the dns bench, run in a worker thread so it does not share an event loop with the server.
import dgram from 'node:dgram';
import { parentPort, workerData } from 'node:worker_threads';

interface Job {
  port: number;
  /** One encoded query; its first two bytes (the id) are rewritten per send. */
  query: Uint8Array;
  durationMs: number;
  sockets: number;
  /** Queries in flight per socket. */
  window: number;
}

const job = workerData as Job;
const latencies: number[] = [];
let sent = 0;
let lost = 0;
const end = Date.now() + job.durationMs;

await Promise.all(Array.from({ length: job.sockets }, () => new Promise<void>((resolve) => {
  const socket = dgram.createSocket('udp4');
  const inFlight = new Map<number, number>();
  let nextId = 0;
  const send = () => {
    if (Date.now() >= end) return;
    const id = (nextId = (nextId + 1) & 0xffff);
    const buf = Buffer.from(job.query);
    buf.writeUInt16BE(id, 0);
    inFlight.set(id, performance.now());
    sent++;
    socket.send(buf, job.port, '127.0.0.1');
  };
  socket.on('message', (msg) => {
    const at = inFlight.get(msg.readUInt16BE(0));
    if (at === undefined) return;
    inFlight.delete(msg.readUInt16BE(0));
    latencies.push(performance.now() - at);
    send();
  });
  // A query unanswered for a second counts as lost and is replaced.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const [id, at] of inFlight) if (now - at > 1000) {
      inFlight.delete(id);
      lost++;
      send();
    }
    if (Date.now() >= end + 1000 || (Date.now() >= end && inFlight.size === 0)) {
      clearInterval(sweep);
      socket.close();
      resolve();
    }
  }, 100);
  socket.bind(0, '127.0.0.1', () => {
    for (let i = 0; i < job.window; i++) send();
  });
})));
parentPort!.postMessage({ answered: latencies.length, sent, lost, latencies });
