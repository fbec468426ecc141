import { isIP } from 'node:net';

/** A range we refuse to connect to, with the reason a refusal names. */
interface BlockedRange {
  family: 4 | 6;
  base: bigint;
  prefix: number;
  reason: string;
}

// IANA special-purpose registries (RFC 6890 and successors): nothing a public webhook receiver can live on.
const IPV4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RANGES: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved'], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'reserved'], // Teredo, ORCHID, benchmarking, ...
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'], // tunnels to an embedded IPv4 address we would not check
  ['fc00::', 7, 'private'], // unique local addresses
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const RANGES: BlockedRange[] = [
  ...IPV4_RANGES.map(([ip, prefix, reason]) => ({ family: 4 as const, base: ipv4ToBigInt(ip)!, prefix, reason })),
  ...IPV6_RANGES.map(([ip, prefix, reason]) => ({ family: 6 as const, base: ipv6ToBigInt(ip)!, prefix, reason })),
];

/**
 * Why an address must not be connected to (loopback, private, link-local, multicast, ...), or null for a public
 * address. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it carries. Not an IP: refused.
 */
export function blockedAddressReason(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return match(4, ipv4ToBigInt(ip)!);
  if (family === 6) {
    const value = ipv6ToBigInt(ip);
    if (value === null) return 'invalid';
    if (value >> 32n === 0xffffn) return match(4, value & 0xffffffffn); // ::ffff:a.b.c.d
    return match(6, value);
  }
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return blockedAddressReason(address) === null;
}

function match(family: 4 | 6, value: bigint): string | null {
  const bits = family === 4 ? 32 : 128;
  for (const range of RANGES) {
    if (range.family !== family) continue;
    const shift = BigInt(bits - range.prefix);
    if (value >> shift === range.base >> shift) return range.reason;
  }
  return null;
}

function ipv4ToBigInt(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

/** Parses any IPv6 text form (`::`, embedded dotted quad) into its 128-bit value. */
function ipv6ToBigInt(ip: string): bigint | null {
  let text = ip.toLowerCase();
  const groups: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted[1]!);
    if (v4 === null) return null;
    tail = [Number(v4 >> 16n), Number(v4 & 0xffffn)];
    text = text.slice(0, -dotted[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const known = head.length + rest.length + tail.length;
  if (head.some(Number.isNaN) || rest.some(Number.isNaN)) return null;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  groups.push(...head, ...new Array(8 - known).fill(0), ...rest, ...tail);
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}
