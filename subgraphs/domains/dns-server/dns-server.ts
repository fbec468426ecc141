import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import type { Logger } from '../../../platform/logging/logger.js';
import type { Rr } from '../dnssec/dnssec-crypto.js';
import { answerFrom } from './answer.js';
import { compressOwnerNames } from './name-compression.js';
import { cookieOf, COOKIE_OPTION, DnsCookies } from './dns-cookies.js';
import { ResponseRateLimiter } from './response-rate-limit.js';
import type { ZoneStore } from './zone-store.js';
import type { Zone } from './zone.js';

/** Largest UDP answer we send when the client advertises more (the DNS flag day 2020 figure, avoids fragmentation). */
const EDNS_UDP_MAX = 1232;
const PLAIN_UDP_MAX = 512;
/**
 * Receive buffer of the UDP socket: queries wait there while the event loop is busy (a GC pause, a zone load); the
 * Linux default (about 200 KB, a few hundred queries) drops a burst after a stall of tens of milliseconds. The kernel
 * caps it at net.core.rmem_max.
 */
const UDP_RECV_BUFFER = 4 * 1024 * 1024;
/** A TCP client must send a whole query within this long of connecting or of its last answer (RFC 7766 6.2.3). */
const TCP_IDLE_MS = 10_000;
/** Open TCP connections at once, in all and from one address: each holds a socket and buffers. */
const TCP_MAX_CONNECTIONS = 256;
const TCP_MAX_PER_ADDRESS = 16;
/** A UDP answer is at most this many times the query's size (never under 512 bytes): larger ones go out truncated. */
const UDP_AMPLIFICATION_MAX = 10;
const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
const OPCODE_QUERY = 0;
/**
 * Encoded answers by the query's bytes after its id (same bytes, same answer while the zone object is current): decoding
 * and encoding with dns-packet are most of a query's CPU (BENCHMARKS.md, domains-dns).
 */
const WIRE_CACHE_MAX = 5000;

export interface DnsServerOptions {
  host: string;
  /** 0 picks a free port (the same one for UDP and TCP). */
  port: number;
  zones: ZoneStore;
  logger: Logger;
  /** UDP answers per second to one source prefix before rate limiting; 0 turns it off. */
  responsesPerSecond: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

interface Query {
  id: number;
  type: 'query' | 'response';
  flags: number;
  questions: { name: string; type: string; class: string }[];
  additionals: (Rr & { udpPayloadSize?: number; ednsVersion?: number; flags?: number })[];
}

/**
 * The authoritative DNS server of the platform's zones, on UDP and TCP (RFC 1035, RFC 7766). EDNS0 (RFC 6891): answers
 * carry an OPT record when the query did, the DO bit asks for DNSSEC records; an answer too large for UDP comes back
 * truncated (TC) so the client retries over TCP. Names outside every zone are REFUSED.
 */
export class DnsServer {
  private udp?: dgram.Socket;
  private tcp?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private readonly wireCache = new Map<string, { apex: string; zone: object; wire: Buffer }>();
  private readonly limiter: ResponseRateLimiter;
  private readonly cookies = new DnsCookies();
  port = 0;

  constructor(private readonly options: DnsServerOptions) {
    this.limiter = new ResponseRateLimiter({
      responsesPerSecond: options.responsesPerSecond,
      slip: 2,
      now: options.now ?? Date.now,
    });
  }

  async start(): Promise<void> {
    const family = net.isIPv6(this.options.host) ? 'udp6' : 'udp4';
    // TCP first on the asked port (0: a free one), then UDP on the same number; a port taken for UDP is retried.
    for (let attempt = 0; ; attempt++) {
      this.tcp = net.createServer((socket) => this.serveTcp(socket));
      await new Promise<void>((resolve, reject) => {
        this.tcp!.once('error', reject);
        this.tcp!.listen(this.options.port, this.options.host, () => resolve());
      });
      this.port = (this.tcp.address() as net.AddressInfo).port;
      this.udp = dgram.createSocket({ type: family, recvBufferSize: UDP_RECV_BUFFER });
      try {
        await new Promise<void>((resolve, reject) => {
          this.udp!.once('error', reject);
          this.udp!.bind(this.port, this.options.host, () => resolve());
        });
        break;
      } catch (error) {
        this.udp.close();
        await new Promise<void>((resolve) => this.tcp!.close(() => resolve()));
        if (this.options.port !== 0 || attempt > 5) throw error;
      }
    }
    this.udp.on('error', (error) => this.options.logger.warn('dns udp error', { error: error.message }));
    this.udp.on('message', (message, remote) => {
      const decision = this.limiter.decide(remote.address);
      if (decision !== 'send') {
        const truncated = decision === 'slip' ? truncatedReply(message) : null;
        if (truncated) this.udp?.send(truncated, remote.port, remote.address);
        return;
      }
      // Answered at once, without a promise per query, whenever the zone is in memory (a repeated question straight
      // from the wire cache); only a zone to load from PostgreSQL waits.
      const reply = this.respondNow(message, 'udp', remote.address);
      if (reply !== NEEDS_ZONE) {
        if (reply) this.udp?.send(reply, remote.port, remote.address);
        return;
      }
      void this.respond(message, 'udp', remote.address).then((loaded) => {
        if (loaded) this.udp?.send(loaded, remote.port, remote.address);
      });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }

  private serveTcp(socket: net.Socket) {
    const address = socket.remoteAddress ?? '-';
    let fromAddress = 0;
    for (const open of this.sockets) if (open.remoteAddress === address) fromAddress++;
    if (this.sockets.size >= TCP_MAX_CONNECTIONS || fromAddress >= TCP_MAX_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // The idle deadline restarts on a whole query, not on every byte: a byte a second cannot hold the connection.
    let idle = setTimeout(() => socket.destroy(), TCP_IDLE_MS);
    socket.on('close', () => clearTimeout(idle));
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < 2 + length) break;
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        clearTimeout(idle);
        idle = setTimeout(() => socket.destroy(), TCP_IDLE_MS);
        void this.respond(message, 'tcp', address).then((reply) => {
          if (!reply || socket.destroyed) return;
          const framed = Buffer.alloc(2 + reply.length);
          framed.writeUInt16BE(reply.length, 0);
          reply.copy(framed, 2);
          socket.write(framed);
        });
      }
    });
  }

  /** The encoded answer to a question asked before, while its zone object is current, with this query's id; else null. */
  private cached(message: Buffer, key: string | null): Buffer | null {
    const hit = key ? this.wireCache.get(key) : undefined;
    if (!hit || this.options.zones.current(hit.apex) !== hit.zone) return null;
    const copy = Buffer.from(hit.wire);
    copy.writeUInt16BE(message.readUInt16BE(0), 0);
    return copy;
  }

  /** The wire answer to one message, or null when it deserves none (garbage, or a response). Never throws. */
  async respond(message: Buffer, transport: 'udp' | 'tcp', address: string): Promise<Buffer | null> {
    const now = this.respondNow(message, transport, address);
    if (now !== NEEDS_ZONE) return now;
    let zone: Loaded;
    try {
      zone = { zone: await this.options.zones.zoneFor(questionName(message)) };
    } catch (error) {
      this.options.logger.error('dns zone load failed', { error: (error as Error).message });
      zone = 'failed';
    }
    const reply = this.respondNow(message, transport, address, zone);
    return reply === NEEDS_ZONE ? null : reply;
  }

  /** respond() without a promise, or NEEDS_ZONE when the question's zone is not in memory (and `loaded` not given). */
  private respondNow(
    message: Buffer,
    transport: 'udp' | 'tcp',
    address: string,
    loaded?: Loaded,
  ): Buffer | null | typeof NEEDS_ZONE {
    try {
      return this.answer(message, transport, address, loaded);
    } catch (error) {
      this.options.logger.warn('dns query dropped', { error: (error as Error).message });
      return message.length >= 12 ? encodeHeaderOnly(message.readUInt16BE(0), RCODE.SERVFAIL) : null;
    }
  }

  private answer(
    message: Buffer,
    transport: 'udp' | 'tcp',
    address: string,
    loaded?: Loaded,
  ): Buffer | null | typeof NEEDS_ZONE {
    if (message.length < 12 || (message[2]! & 0x80) !== 0) return null;
    // A query holds one question, no answers or authorities, and an OPT at most (TSIG, cookies aside): anything else is
    // refused from the header alone. dns-packet takes milliseconds to reject random bytes with large counts.
    const [qd, an, ns, ar] = [4, 6, 8, 10].map((at) => message.readUInt16BE(at));
    if (qd !== 1 || an !== 0 || ns !== 0 || ar > 2) return encodeHeaderOnly(message.readUInt16BE(0), RCODE.FORMERR);
    const cacheKey = cacheKeyOf(message, transport, address);
    const cached = this.cached(message, cacheKey);
    if (cached) return cached;
    let query: Query;
    try {
      query = dnsPacket.decode(message) as unknown as Query;
    } catch {
      // Header readable: FORMERR with its id; otherwise silence.
      return message.length >= 12 ? encodeHeaderOnly(message.readUInt16BE(0), RCODE.FORMERR) : null;
    }
    if (query.type === 'response') return null;
    const opcode = (query.flags >> 11) & 0xf;
    const rd = query.flags & (1 << 8);
    const opts = query.additionals.filter((a) => a.type === 'OPT');
    // More than one OPT record is a malformed query (RFC 6891 6.1.1).
    if (opts.length > 1) return encodeHeaderOnly(query.id, RCODE.FORMERR);
    const opt = opts[0] as (Query['additionals'][number] & { options?: { code: number; data?: Buffer }[] }) | undefined;
    const cookie = cookieOf(opt?.options);
    if (cookie === 'malformed') return encodeHeaderOnly(query.id, RCODE.FORMERR);
    // Over TCP, or with our cookie back, the source address is real: the answer may be as large as the client asks.
    const sourceProven = transport === 'tcp' || (cookie !== undefined && this.cookies.valid(cookie, address));
    const cookieReply = cookie
      ? [
          {
            code: COOKIE_OPTION,
            data: Buffer.concat([cookie.client, this.cookies.serverCookie(cookie.client, address)]),
          },
        ]
      : undefined;
    const reply = (
      rcode: number,
      extra: {
        answers?: Rr[];
        authorities?: Rr[];
        additionals?: Rr[];
        aa?: boolean;
        questions?: Query['questions'];
        extendedRcode?: number;
        dnssec?: boolean;
      } = {},
    ) => {
      const flags = rd | (extra.aa ? 1 << 10 : 0) | (opcode << 11) | (rcode & 0xf);
      const additionals: unknown[] = [...(extra.additionals ?? [])];
      if (opt)
        additionals.push({
          name: '.',
          type: 'OPT',
          udpPayloadSize: EDNS_UDP_MAX,
          extendedRcode: extra.extendedRcode ?? 0,
          ednsVersion: 0,
          flags: extra.dnssec ? dnsPacket.DNSSEC_OK : 0,
          ...(cookieReply ? { options: cookieReply } : {}),
        });
      return {
        id: query.id,
        type: 'response' as const,
        flags,
        questions: extra.questions ?? query.questions,
        answers: extra.answers ?? [],
        authorities: extra.authorities ?? [],
        additionals,
      };
    };
    if (opcode !== OPCODE_QUERY) return encode(reply(RCODE.NOTIMP));
    if (query.questions.length !== 1) return encode(reply(RCODE.FORMERR));
    // EDNS version 0 only (RFC 6891 6.1.3): BADVERS is extended rcode 16 = 1 << 4.
    if (opt && (opt.ednsVersion ?? 0) !== 0) return encode(reply(0, { extendedRcode: 1 }));
    const question = query.questions[0]!;
    if (question.class !== 'IN') return encode(reply(RCODE.REFUSED));
    const qname = question.name.toLowerCase().replace(/\.$/, '');
    const dnssec = opt !== undefined && ((opt.flags ?? 0) & dnsPacket.DNSSEC_OK) !== 0;
    if (loaded === 'failed') return encode(reply(RCODE.SERVFAIL));
    const zone = loaded ? loaded.zone : this.options.zones.zoneForNow(qname);
    if (zone === undefined) return NEEDS_ZONE;
    if (!zone) return encode(reply(RCODE.REFUSED));
    const advertised = opt
      ? Math.max(PLAIN_UDP_MAX, Math.min(opt.udpPayloadSize ?? PLAIN_UDP_MAX, EDNS_UDP_MAX))
      : PLAIN_UDP_MAX;
    const limit =
      transport === 'tcp'
        ? 65_535
        : sourceProven
          ? advertised
          : Math.min(advertised, Math.max(PLAIN_UDP_MAX, UDP_AMPLIFICATION_MAX * message.length));
    const result = answerFrom(zone, qname, question.type, dnssec);
    // Answers carry the name as asked (case preserved, RFC 4343); our data is lower case.
    const asAsked = (rr: Rr) => (rr.name === qname ? { ...rr, name: question.name } : rr);
    const packet = reply(RCODE[result.rcode], {
      answers: result.answers.map(asAsked),
      authorities: result.authorities,
      additionals: result.additionals,
      aa: result.authoritative,
      dnssec,
    });
    let wire = compressOwnerNames(encode(packet));
    // Too large for this transport: the question alone with TC, so the client asks again over TCP.
    if (wire.length > limit)
      wire = encode({
        ...packet,
        flags: packet.flags | (1 << 9),
        answers: [],
        authorities: [],
        additionals: packet.additionals.filter((a) => (a as Rr).type === 'OPT'),
      });
    if (cacheKey) {
      // A plain Map on the per-query path (lru-cache's get measured ~1.5x a Map's); a full cache is refilled per query.
      if (this.wireCache.size >= WIRE_CACHE_MAX) this.wireCache.clear();
      this.wireCache.set(cacheKey, { apex: zone.name, zone, wire });
    }
    return wire;
  }
}

/**
 * The query's bytes after its id: a query (QR clear) of at most 512 bytes, else null (not cached). With additional
 * records (an OPT, perhaps with a cookie) the answer depends on the source address too: its cookie and size limit.
 */
function cacheKeyOf(message: Buffer, transport: 'udp' | 'tcp', address: string): string | null {
  if (message.length < 12 || message.length > 512 || (message[2]! & 0x80) !== 0) return null;
  return message.readUInt16BE(10) === 0
    ? transport + message.toString('latin1', 2)
    : `${transport}${address} ${message.toString('latin1', 2)}`;
}

const encode = (packet: unknown) => dnsPacket.encode(packet as never);

/** What answer() returns when the question's zone must first be loaded from PostgreSQL. */
const NEEDS_ZONE = Symbol('needs zone');
/** A zone loaded for one question (null: no zone holds it), or the load failed (SERVFAIL). */
type Loaded = { zone: Zone | null } | 'failed';

/** The question's name from a message answer() returned NEEDS_ZONE for (so it decoded). */
function questionName(message: Buffer): string {
  const query = dnsPacket.decode(message) as unknown as Query;
  return query.questions[0]!.name.toLowerCase().replace(/\.$/, '');
}

/** The query's header and question with QR and TC set and no records: what a rate-limited client gets on a slip. */
function truncatedReply(query: Buffer): Buffer | null {
  if (query.length < 12 || (query[2]! & 0x80) !== 0 || query.readUInt16BE(4) !== 1) return null;
  let end = 12;
  while (end < query.length && query[end] !== 0) {
    if (query[end]! > 63) return null;
    end += 1 + query[end]!;
  }
  end += 5;
  if (end > query.length) return null;
  const reply = Buffer.from(query.subarray(0, end));
  reply[2] = reply[2]! | 0x80 | 0x02;
  reply[3] = 0;
  reply.fill(0, 6, 12);
  return reply;
}

function encodeHeaderOnly(id: number, rcode: number): Buffer {
  const out = Buffer.alloc(12);
  out.writeUInt16BE(id, 0);
  out.writeUInt16BE(0x8000 | rcode, 2);
  return out;
}
