import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';

export interface AskOptions {
  /** Adds an OPT record (EDNS0) with this UDP size. */
  edns?: number;
  /** Sets the DO bit (needs edns). */
  dnssec?: boolean;
  ednsVersion?: number;
  /** A COOKIE option's data (client cookie, then the server's when known; needs edns). */
  cookie?: Buffer;
  /** The local address to send from (any 127.x.y.z on Linux), e.g. to come from another /24. */
  from?: string;
}

function query(name: string, type: string, options: AskOptions) {
  const additionals = options.edns
    ? [
        {
          name: '.',
          type: 'OPT',
          udpPayloadSize: options.edns,
          ednsVersion: options.ednsVersion ?? 0,
          flags: options.dnssec ? dnsPacket.DNSSEC_OK : 0,
          ...(options.cookie ? { options: [{ code: 10, data: options.cookie }] } : {}),
        } as never,
      ]
    : [];
  return dnsPacket.encode({
    type: 'query',
    id: Math.floor(Math.random() * 65535),
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ name, type: type as never, class: 'IN' }],
    additionals,
  });
}

/** One query over UDP; answers the decoded packet and its size. */
export function askUdp(
  port: number,
  name: string,
  type: string,
  options: AskOptions = {},
  raw?: Buffer,
): Promise<{ packet: any; size: number }> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    if (options.from) socket.bind(0, options.from);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('no UDP answer'));
    }, 3000);
    socket.once('message', (message) => {
      clearTimeout(timer);
      socket.close();
      resolve({ packet: dnsPacket.decode(message), size: message.length });
    });
    socket.send(raw ?? query(name, type, options), port, '127.0.0.1');
  });
}

/** One query over TCP (two-byte length framing). */
export function askTcp(
  port: number,
  name: string,
  type: string,
  options: AskOptions = {},
): Promise<{ packet: any; size: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffered = Buffer.alloc(0);
    socket.setTimeout(3000, () => {
      socket.destroy();
      reject(new Error('no TCP answer'));
    });
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(dnsPacket.streamEncode(dnsPacket.decode(query(name, type, options)) as never)),
    );
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        socket.end();
        resolve({
          packet: dnsPacket.decode(buffered.subarray(2, 2 + buffered.readUInt16BE(0))),
          size: buffered.readUInt16BE(0),
        });
      }
    });
  });
}

/** Asks over UDP as a resolver with DNS cookies does: once to learn the server cookie, then again presenting it. */
export async function askUdpWithCookie(port: number, name: string, type: string, options: AskOptions = {}) {
  const client = Buffer.from('0123456789abcdef', 'hex');
  const first = await askUdp(port, name, type, { ...options, cookie: client });
  const opt = first.packet.additionals.find((a: any) => a.type === 'OPT');
  const cookie = opt?.options?.find((o: any) => o.code === 10)?.data as Buffer | undefined;
  if (!cookie) throw new Error('no cookie in the answer');
  return askUdp(port, name, type, { ...options, cookie });
}
