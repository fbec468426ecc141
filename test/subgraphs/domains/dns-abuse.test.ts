import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { compressOwnerNames } from '../../../subgraphs/domains/dns-server/name-compression.js';
import { ResponseRateLimiter, prefixOf } from '../../../subgraphs/domains/dns-server/response-rate-limit.js';
import { registerDomain } from './helpers/domain-fixtures.js';
import { askTcp, askUdp, askUdpWithCookie } from './helpers/dns-client.js';

const RATE = 5;

describe('DNS server against abuse: amplification, floods, malformed queries', () => {
  let t: TestPlatform;
  let port: number;
  const zone = 'abuse-zone.com';

  beforeAll(async () => {
    t = await startTestPlatform({ DNS_PORT: '0', DNS_RATE_LIMIT: String(RATE) }, { modules: [domainsModule()] });
    port = t.platform.listeners.find((l) => l.name === 'dns')!.address!.port;
    const key = await t.key('dns-abuse');
    await registerDomain(t, key, zone);
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
      await t.request('POST', `/domains/${zone}/dns`, {
        key,
        body: { type: 'A', name: 'www', value: `192.0.2.${name.charCodeAt(0)}` },
      });
    for (const n of [1, 2, 3, 4, 5])
      await t.request('POST', `/domains/${zone}/dns`, {
        key,
        body: { type: 'TXT', name: 'big', value: `${n}${'x'.repeat(180)}` },
      });
    expect((await t.request('POST', `/domains/${zone}/dnssec/enable`, { key })).status).toBe(200);
  });
  afterAll(() => t.stop());

  it('should compress repeated owner names, and the compressed answer decodes to the same records', () => {
    const packet = {
      type: 'response' as const,
      id: 7,
      flags: 0,
      questions: [{ name: 'WWW.Example.com', type: 'A' as const }],
      answers: ['1', '2', '3'].map((n) => ({
        name: 'WWW.Example.com',
        type: 'A' as const,
        ttl: 60,
        data: `192.0.2.${n}`,
      })),
      authorities: [{ name: 'example.com', type: 'NS' as const, ttl: 60, data: 'ns1.example.com' }],
    };
    const plain = dnsPacket.encode(packet);
    const compressed = compressOwnerNames(plain);
    expect(compressed.length).toBeLessThan(plain.length - 40);
    expect(dnsPacket.decode(compressed)).toEqual(dnsPacket.decode(plain));
    expect(compressOwnerNames(Buffer.from([1, 2, 3]))).toEqual(Buffer.from([1, 2, 3]));
  });

  it('should limit answers per source prefix and second, slipping every other limited one as truncated', () => {
    let now = 1_000_000;
    const limiter = new ResponseRateLimiter({ responsesPerSecond: 3, slip: 2, now: () => now });
    const decisions = Array.from({ length: 8 }, () => limiter.decide('198.51.100.7'));
    expect(decisions).toEqual(['send', 'send', 'send', 'drop', 'slip', 'drop', 'slip', 'drop']);
    expect(limiter.decide('198.51.100.200')).toBe('slip');
    expect(limiter.decide('198.51.101.1')).toBe('send');
    now += 1000;
    expect(limiter.decide('198.51.100.7')).toBe('send');
    expect([prefixOf('::ffff:10.1.2.3'), prefixOf('2001:db8:1:2ff::1'), prefixOf('2001:db8:1:200::9')]).toEqual([
      '10.1.2',
      '2001:0db8:0001:02',
      '2001:0db8:0001:02',
    ]);
  });

  it('should keep UDP answers to queries without a cookie small, and answer in full to a proven source', async () => {
    const plain = await askUdp(port, `big.${zone}`, 'TXT', { edns: 4096, dnssec: true, from: '127.0.10.1' });
    expect(plain.size).toBeLessThanOrEqual(512);
    expect(plain.packet.flag_tc).toBe(true);
    const proven = await askUdpWithCookie(port, `big.${zone}`, 'TXT', { edns: 4096, dnssec: true, from: '127.0.11.1' });
    expect(proven.packet.flag_tc).toBe(false);
    expect(proven.packet.answers.filter((r: any) => r.type === 'TXT').length).toBe(5);
    expect(proven.size).toBeGreaterThan(512);
    const viaTcp = await askTcp(port, `big.${zone}`, 'TXT', { edns: 4096, dnssec: true });
    expect(viaTcp.packet.answers.length).toBe(proven.packet.answers.length);
  });

  it('should not answer a burst from one prefix in full, while another prefix is answered', async () => {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.20.1', resolve));
    const answers: any[] = [];
    socket.on('message', (message) => answers.push(dnsPacket.decode(message)));
    const ask = (id: number) =>
      dnsPacket.encode({ type: 'query', id, flags: 0, questions: [{ name: `www.${zone}`, type: 'A' }] });
    for (let id = 1; id <= 40; id++) socket.send(ask(id), port, '127.0.0.1');
    // Another /24 is not limited; its answer comes after the burst was handled (one socket, in order).
    expect((await askUdp(port, `www.${zone}`, 'A', { from: '127.0.21.1' })).packet.answers).toHaveLength(6);
    socket.close();
    const full = answers.filter((a) => !a.flag_tc);
    const slipped = answers.filter((a) => a.flag_tc);
    expect(full.length).toBeGreaterThan(0);
    expect(full.length).toBeLessThanOrEqual(2 * RATE);
    expect(slipped.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThan(40);
    for (const s of slipped) expect([s.answers.length, s.questions[0].name]).toEqual([0, `www.${zone}`]);
  });

  it('should answer FORMERR to two OPT records and to a malformed cookie', async () => {
    const opt = { name: '.', type: 'OPT', udpPayloadSize: 1232 } as never;
    const twoOpts = dnsPacket.encode({
      type: 'query',
      id: 9,
      flags: 0,
      questions: [{ name: zone, type: 'A' }],
      additionals: [opt, opt],
    });
    expect((await askUdp(port, zone, 'A', { from: '127.0.30.1' }, twoOpts)).packet.rcode).toBe('FORMERR');
    expect(
      (await askUdp(port, zone, 'A', { edns: 1232, cookie: Buffer.alloc(5), from: '127.0.31.1' })).packet.rcode,
    ).toBe('FORMERR');
  });

  it('should refuse more than a few TCP connections from one address', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1');
            socket.on('error', () => undefined);
            socket.on('connect', () => resolve(socket));
          }),
      ),
    );
    const closed = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<boolean>((resolve) => {
            if (socket.destroyed || socket.readyState === 'closed') return resolve(true);
            socket.once('close', () => resolve(true));
            // A query gets an answer on an accepted connection: then the socket is open.
            socket.once('data', () => resolve(false));
            socket.write(
              dnsPacket.streamEncode({ type: 'query', id: 1, flags: 0, questions: [{ name: zone, type: 'A' }] }),
            );
          }),
      ),
    );
    for (const socket of sockets) socket.destroy();
    expect(closed.filter((c) => !c).length).toBe(16);
    expect(closed.filter((c) => c).length).toBe(4);
  });
});
