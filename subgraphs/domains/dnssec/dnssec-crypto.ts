import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { wire as dnsPacket } from './dns-wire.js';

/** ECDSA Curve P-256 with SHA-256 (RFC 6605). */
export const ALGORITHM_ECDSAP256SHA256 = 13;
/** DS digest type SHA-256 (RFC 4509). */
export const DIGEST_SHA256 = 2;
export const FLAGS_KSK = 257;
export const FLAGS_ZSK = 256;

/** A new P-256 key: the DNSKEY public key field (x then y, 64 bytes) and the private key as PKCS#8 PEM. */
export function generateZoneKey(): { publicKey: Buffer; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicKey: rawPublicKey(publicKey),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** RFC 6605 section 4: the public key is x | y, without the uncompressed-point prefix. */
export function rawPublicKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.concat([Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
}

/** A P-256 private key from its 32-byte scalar and public key (the RFC's test key). */
export function privateKeyFromScalar(d: Buffer, publicKey: Buffer): KeyObject {
  return createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: publicKey.subarray(0, 32).toString('base64url'),
      y: publicKey.subarray(32).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** DNSKEY RDATA: flags, protocol 3, algorithm, public key (RFC 4034 section 2.1). */
export function dnskeyRdata(flags: number, algorithm: number, publicKey: Buffer): Buffer {
  return Buffer.concat([Buffer.from([flags >> 8, flags & 0xff, 3, algorithm]), publicKey]);
}

/** The key tag of a DNSKEY RDATA (RFC 4034 appendix B). */
export function keyTag(rdata: Buffer): number {
  let ac = 0;
  for (let i = 0; i < rdata.length; i++) ac += i & 1 ? rdata[i]! : rdata[i]! << 8;
  ac += (ac >> 16) & 0xffff;
  return ac & 0xffff;
}

/** A domain name in canonical wire form: lower case, uncompressed (RFC 4034 section 6.2). */
export function nameWire(name: string): Buffer {
  return dnsPacket.name.encode(name.toLowerCase());
}

/** DS digest: SHA-256 over the owner name and the DNSKEY RDATA (RFC 4034 section 5.1.4, RFC 4509). */
export function dsDigest(owner: string, rdata: Buffer): Buffer {
  return createHash('sha256').update(nameWire(owner)).update(rdata).digest();
}

/** One resource record as dns-packet takes it. */
export interface Rr {
  name: string;
  type: string;
  ttl: number;
  data: unknown;
}

/** The RR in canonical wire form with the given TTL, and where its RDATA starts. */
function canonicalRr(rr: Rr, ttl: number): { wire: Buffer; rdataAt: number } {
  const wire = dnsPacket.answer.encode({ ...rr, name: rr.name.toLowerCase(), class: 'IN', ttl } as never);
  return { wire, rdataAt: dnsPacket.name.encodingLength(rr.name) + 10 };
}

export interface SignatureFields {
  signer: string;
  keyTag: number;
  inception: number;
  expiration: number;
}

/** The RRSIG fields of an RRset (all of one owner, type and TTL) before the signature. */
function rrsigFields(rrset: Rr[], fields: SignatureFields) {
  const owner = rrset[0]!.name;
  const labels =
    owner === '' || owner === '.'
      ? 0
      : owner
          .replace(/\.$/, '')
          .split('.')
          .filter((l) => l !== '*').length;
  return {
    typeCovered: rrset[0]!.type,
    algorithm: ALGORITHM_ECDSAP256SHA256,
    labels,
    originalTTL: rrset[0]!.ttl,
    expiration: fields.expiration,
    inception: fields.inception,
    keyTag: fields.keyTag,
    signersName: fields.signer.toLowerCase(),
  };
}

/** What an RRSIG signs: its RDATA without the signature, then the RRs in canonical order (RFC 4034 section 3.1.8.1). */
export function signedData(rrset: Rr[], rrsig: ReturnType<typeof rrsigFields>): Buffer {
  const head = dnsPacket.rrsig.encode({ ...rrsig, signature: Buffer.alloc(0) } as never).subarray(2);
  const rrs = rrset.map((rr) => canonicalRr(rr, rrsig.originalTTL));
  const byRdata = (a: { wire: Buffer; rdataAt: number }, b: { wire: Buffer; rdataAt: number }) =>
    Buffer.compare(a.wire.subarray(a.rdataAt), b.wire.subarray(b.rdataAt));
  const unique = rrs.sort(byRdata).filter((rr, i, all) => i === 0 || byRdata(rr, all[i - 1]!) !== 0);
  return Buffer.concat([head, ...unique.map((rr) => rr.wire)]);
}

/** An RRSIG record over an RRset, signed with ECDSA P-256 (signature r | s, RFC 6605 section 4). */
export function signRrset(rrset: Rr[], key: KeyObject, fields: SignatureFields): Rr {
  const rrsig = rrsigFields(rrset, fields);
  const signature = sign('sha256', signedData(rrset, rrsig), { key, dsaEncoding: 'ieee-p1363' });
  return { name: rrset[0]!.name, type: 'RRSIG', ttl: rrset[0]!.ttl, data: { ...rrsig, signature } };
}

/** Checks an RRSIG over an RRset with a DNSKEY public key (tests and the RFC 6605 vector). */
export function verifyRrsig(
  rrset: Rr[],
  rrsig: {
    typeCovered: string;
    labels: number;
    originalTTL: number;
    expiration: number;
    inception: number;
    keyTag: number;
    signersName: string;
    signature: Buffer;
  },
  publicKey: Buffer,
): boolean {
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: publicKey.subarray(0, 32).toString('base64url'),
      y: publicKey.subarray(32).toString('base64url'),
    },
    format: 'jwk',
  });
  const fields = { ...rrsig, algorithm: ALGORITHM_ECDSAP256SHA256 };
  return verify('sha256', signedData(rrset, fields as never), { key, dsaEncoding: 'ieee-p1363' }, rrsig.signature);
}

/** DNS time (seconds since the epoch, RRSIG fields) from YYYYMMDDHHmmSS. */
export function dnsTime(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000;
}
