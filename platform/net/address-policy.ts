import { BlockList, isIP } from 'node:net';

// The IANA special-purpose address registries (RFC 6890 and successors) plus multicast: nothing a public
// receiver (webhook endpoint, AI provider, CRM, identity provider) can live on. Checked with node:net's BlockList.
const IPV4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments (DS-Lite, NAT64 discovery, ...)
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'reserved'], // AS112
  ['192.52.193.0', 24, 'reserved'], // AMT
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'reserved'], // AS112 direct delegation
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the limited broadcast 255.255.255.255
];

const IPV6_RANGES: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved'], // IPv4-compatible (deprecated)
  ['::ffff:0:0:0', 96, 'reserved'], // IPv4-translated (RFC 2765)
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'reserved'], // Teredo, ORCHID, AMT, benchmarking, ...
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'], // tunnels to an embedded IPv4 address we would not check
  ['2620:4f:8000::', 48, 'reserved'], // AS112
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'reserved'], // SRv6 SIDs
  ['fc00::', 7, 'private'], // unique local addresses
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/** One BlockList per reason and family, so a refusal can say why. v4 and v6 lists stay apart: BlockList maps ::ffff:a.b.c.d onto IPv4 rules. */
function listsOf(ranges: [string, number, string][], family: 'ipv4' | 'ipv6'): [string, BlockList][] {
  const lists = new Map<string, BlockList>();
  for (const [network, prefix, reason] of ranges) {
    if (!lists.has(reason)) lists.set(reason, new BlockList());
    lists.get(reason)!.addSubnet(network, prefix, family);
  }
  return [...lists];
}

const IPV4_LISTS = listsOf(IPV4_RANGES, 'ipv4');
const IPV6_LISTS = listsOf(IPV6_RANGES, 'ipv6');
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * Why an address must not be connected to (loopback, private, link-local, multicast, ...), or null for a public
 * address. IPv4-mapped IPv6 (`::ffff:0:0/96`) is refused whatever IPv4 address it carries: a public service is
 * reached by its IPv4 address itself. Not an IP: refused.
 */
export function blockedAddressReason(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return reasonIn(IPV4_LISTS, ip, 'ipv4');
  if (family === 6) {
    if (IPV4_MAPPED.check(ip, 'ipv6')) return 'IPv4-mapped';
    return reasonIn(IPV6_LISTS, ip, 'ipv6');
  }
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return blockedAddressReason(address) === null;
}

function reasonIn(lists: [string, BlockList][], ip: string, family: 'ipv4' | 'ipv6'): string | null {
  for (const [reason, list] of lists) if (list.check(ip, family)) return reason;
  return null;
}
