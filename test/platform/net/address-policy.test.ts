import { blockedAddressReason, isPublicAddress } from '../../../platform/net/address-policy.js';

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'], // cloud metadata
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'IPv4-mapped'],
    ['::ffff:10.0.0.1', 'IPv4-mapped'],
    ['[::ffff:169.254.169.254]', 'IPv4-mapped'],
    ['::ffff:93.184.216.34', 'IPv4-mapped'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['192.31.196.1', 'reserved'],
    ['192.175.48.6', 'reserved'],
    ['2001::1', 'reserved'],
    ['2620:4f:8000::1', 'reserved'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'reserved'],
    ['fec0::1', 'site-local'],
    ['100::1', 'discard'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'documentation'],
    ['fe80::1%eth0', 'link-local'],
    ['localhost', 'not an IP address'],
  ])('%s is refused as %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81b::200e',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
