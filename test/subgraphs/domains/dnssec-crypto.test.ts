import {
  ALGORITHM_ECDSAP256SHA256,
  dnskeyRdata,
  dnsTime,
  dsDigest,
  generateZoneKey,
  keyTag,
  privateKeyFromScalar,
  rawPublicKey,
  signRrset,
  verifyRrsig,
} from '../../../subgraphs/domains/dnssec/dnssec-crypto.js';
import { createPublicKey } from 'node:crypto';

// RFC 6605 section 6.1: the P-256 example key of example.net, its DS, and a signed A RRset.
const RFC6605_KEY = Buffer.from(
  'GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA==',
  'base64',
);
const RFC6605_PRIVATE = Buffer.from('GU6SnQ/Ou+xC5RumuIUIuJZteXT2z0O/ok1s38Et6mQ=', 'base64');
const RFC6605_SIG = Buffer.from(
  'qx6wLYqmh+l9oCKTN6qIc+bw6ya+KJ8oMz0YP107epXAyGmt+3SNruPFKG7tZoLBLlUzGGus7ZwmwWep666VCw==',
  'base64',
);
// RFC 4509 section 2.3: an RSA/SHA-1 DNSKEY of dskey.example.com and its SHA-256 DS.
const RFC4509_KEY = Buffer.from(
  'AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==',
  'base64',
);

describe('DNSSEC arithmetic against the RFC examples', () => {
  it('should compute the key tag and SHA-256 DS digest of the RFC 6605 P-256 key', () => {
    const rdata = dnskeyRdata(257, ALGORITHM_ECDSAP256SHA256, RFC6605_KEY);
    expect(keyTag(rdata)).toBe(55648);
    expect(dsDigest('example.net', rdata).toString('hex')).toBe(
      'b4c8c1fe2e7477127b27115656ad6256f424625bf5c1e2770ce6d6e37df61d17',
    );
  });

  it('should compute the key tag and SHA-256 DS digest of the RFC 4509 example', () => {
    const rdata = dnskeyRdata(256, 5, RFC4509_KEY);
    expect(keyTag(rdata)).toBe(60485);
    expect(dsDigest('dskey.example.com', rdata).toString('hex').toUpperCase()).toBe(
      'D4B7D520E7BB5F0F67674A0CCEB1E3E0614B93C4F9E99B8383F6A1E4469DA50A',
    );
  });

  it('should verify the RFC 6605 signature over www.example.net A with our signed-data construction', () => {
    const rrset = [{ name: 'www.example.net', type: 'A', ttl: 3600, data: '192.0.2.1' }];
    const rrsig = {
      typeCovered: 'A',
      labels: 3,
      originalTTL: 3600,
      expiration: dnsTime('20100909100439'),
      inception: dnsTime('20100812100439'),
      keyTag: 55648,
      signersName: 'example.net',
      signature: RFC6605_SIG,
    };
    expect(verifyRrsig(rrset, rrsig, RFC6605_KEY)).toBe(true);
    expect(verifyRrsig(rrset, { ...rrsig, originalTTL: 3599 }, RFC6605_KEY)).toBe(false);
  });

  it('should derive the RFC public key from its private key and make signatures that verify', () => {
    const key = privateKeyFromScalar(RFC6605_PRIVATE, RFC6605_KEY);
    expect(rawPublicKey(createPublicKey(key)).equals(RFC6605_KEY)).toBe(true);
    const rrset = [
      { name: 'example.net', type: 'TXT', ttl: 300, data: [Buffer.from('b')] },
      { name: 'example.net', type: 'TXT', ttl: 300, data: [Buffer.from('a')] },
    ];
    const rrsig = signRrset(rrset, key, {
      signer: 'example.net',
      keyTag: 55648,
      inception: 1_700_000_000,
      expiration: 1_800_000_000,
    });
    const data = rrsig.data as Parameters<typeof verifyRrsig>[1];
    expect(data.labels).toBe(2);
    expect(data.signature).toHaveLength(64);
    // Canonical order makes the signature independent of the order RRs were given in.
    expect(verifyRrsig([...rrset].reverse(), data, RFC6605_KEY)).toBe(true);
  });

  it('should make fresh P-256 keys of 64 public bytes', () => {
    const { publicKey, privateKeyPem } = generateZoneKey();
    expect(publicKey).toHaveLength(64);
    expect(privateKeyPem).toContain('BEGIN PRIVATE KEY');
  });
});
