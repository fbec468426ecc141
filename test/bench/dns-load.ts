// The DNS load generator of the dns bench, run in a worker thread so it does not share an event loop with the server.
// Two modes. Closed loop (`window`): each socket keeps `window` queries in flight and sends the next when one is
// answered: the server's highest rate, but every latency then includes the queue of the other in-flight queries
// (Little's law: latency ≈ in flight / rate). Open loop (`rate`): queries leave on a fixed schedule whatever the
// answers do (a slow server does not slow the sending), and a latency counts from the moment the query was sent,
// as dnsperf counts it: a stall of the generator's own thread delays sending, not the measured latency (the burst
// it then sends is the server's to absorb).
import dgram from 'node:dgram';
import { parentPort, workerData } from 'node:worker_threads';

interface Job {
  port: number;
  /** Encoded queries, sent in turn; their first two bytes (the id) are rewritten per send. */
  queries: Uint8Array[];
  durationMs: number;
  sockets: number;
  /** Closed loop: queries in flight per socket. */
  window?: number;
  /** Open loop: queries per second offered over all sockets. */
  rate?: number;
}

const job = workerData as Job;
const LOST_AFTER_MS = 1000;
const latencies: number[] = [];
let sent = 0;
let lost = 0;
const started = performance.now();
const end = started + job.durationMs;

interface Client {
  socket: dgram.Socket;
  /** Send time of each query in flight, by id. */
  inFlight: Map<number, number>;
  nextId: number;
}

const clients: Client[] = await Promise.all(
  Array.from(
    { length: job.sockets },
    () =>
      new Promise<Client>((resolve) => {
        // A large receive buffer, so that answers wait for a busy worker instead of being dropped (counted lost).
        const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
        socket.bind(0, '127.0.0.1', () => resolve({ socket, inFlight: new Map(), nextId: 0 }));
      }),
  ),
);

function send(client: Client) {
  const id = (client.nextId = (client.nextId + 1) & 0xffff);
  const buf = Buffer.from(job.queries[sent % job.queries.length]!);
  buf.writeUInt16BE(id, 0);
  client.inFlight.set(id, performance.now());
  sent++;
  client.socket.send(buf, job.port, '127.0.0.1');
}

for (const client of clients) {
  client.socket.on('message', (msg) => {
    const id = msg.readUInt16BE(0);
    const at = client.inFlight.get(id);
    if (at === undefined) return;
    client.inFlight.delete(id);
    const now = performance.now();
    latencies.push(now - at);
    if (job.window && now < end) send(client);
  });
}

if (job.window) {
  for (const client of clients) for (let i = 0; i < job.window; i++) send(client);
} else {
  // Every millisecond (or as soon as the loop gets to it), send the queries due by now, round-robin over the sockets.
  const interval = 1000 / job.rate!;
  let due = started;
  let turn = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        send(clients[turn++ % clients.length]!);
        due += interval;
      }
      if (due >= end) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
}

// Wait for the last answers; a query unanswered for a second counts as lost (and, closed loop, is replaced).
await new Promise<void>((resolve) => {
  const sweep = setInterval(() => {
    const now = performance.now();
    let waiting = 0;
    for (const client of clients) {
      for (const [id, at] of client.inFlight) {
        if (now - at <= LOST_AFTER_MS) continue;
        client.inFlight.delete(id);
        lost++;
        if (job.window && now < end) send(client);
      }
      waiting += client.inFlight.size;
    }
    if (now >= end + LOST_AFTER_MS || (now >= end && waiting === 0)) {
      clearInterval(sweep);
      for (const client of clients) client.socket.close();
      resolve();
    }
  }, 50);
});
parentPort!.postMessage({ answered: latencies.length, sent, lost, latencies });
