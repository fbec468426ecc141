import type { KeyObject } from 'node:crypto';
import { txtStrings } from '../dns/record-rules.js';
import type { DnsRecordType } from '../entities/dns-record.entity.js';
import { ALGORITHM_ECDSAP256SHA256, signRrset, type Rr } from '../dnssec/dnssec-crypto.js';
import { compareNames, isAtOrBelow } from './canonical-order.js';

/** Zone data as loaded from the database. */
export interface ZoneSource {
  name: string;
  serial: number;
  nameservers: string[];
  records: { name: string; type: DnsRecordType; value: string; ttl: number; priority: number | null }[];
  /** Present when DNSSEC is on. */
  keys?: { flags: number; keyTag: number; publicKey: Buffer; privateKey: KeyObject }[];
}

export const SOA_TTL = 3600;
export const NS_TTL = 86_400;
/** Negative-answer TTL (SOA minimum, RFC 2308). */
export const NEGATIVE_TTL = 300;
/** Signatures live two weeks and start an hour back (clock skew); zones are re-signed long before they expire. */
const SIGNATURE_LIFETIME_S = 14 * 86_400;

/** A zone ready to answer from: RRsets by owner and type, with signatures and the NSEC chain when signed. */
export interface Zone {
  name: string;
  rrsets: Map<string, Map<string, Rr[]>>;
  /** Names below the apex that hold NS (delegations). */
  delegations: Set<string>;
  signed: boolean;
  sigs: Map<string, Map<string, Rr[]>>;
  /** Owner names in canonical order (the NSEC chain). */
  ordered: string[];
  /** Names that exist without records of their own (empty non-terminals, e.g. `b.zone` above `a.b.zone`). */
  emptyNonTerminals: Set<string>;
  loadedAt: number;
}

function rdataOf(zone: string, r: ZoneSource['records'][number]): unknown {
  switch (r.type) {
    case 'MX':
      return { preference: r.priority ?? 0, exchange: r.value };
    case 'TXT':
      return txtStrings(r.value);
    case 'SRV': {
      const [weight, port, target] = r.value.split(' ');
      return {
        priority: r.priority ?? 0,
        weight: Number(weight),
        port: Number(port),
        target: target === '.' ? '.' : target,
      };
    }
    case 'CAA': {
      const m = /^(\d+) (\S+) "(.*)"$/.exec(r.value)!;
      return { flags: Number(m[1]), tag: m[2], value: m[3] };
    }
    default:
      void zone;
      return r.value;
  }
}

/** Builds (and signs) a zone. `nowMs` sets the signature window. */
export function buildZone(source: ZoneSource, nowMs: number): Zone {
  const apex = source.name;
  const rrsets = new Map<string, Map<string, Rr[]>>();
  const add = (rr: Rr) => {
    let byType = rrsets.get(rr.name);
    if (!byType) rrsets.set(rr.name, (byType = new Map()));
    const list = byType.get(rr.type) ?? [];
    list.push(rr);
    byType.set(rr.type, list);
  };
  add({
    name: apex,
    type: 'SOA',
    ttl: SOA_TTL,
    data: {
      mname: source.nameservers[0] ?? `ns1.${apex}`,
      rname: `hostmaster.${apex}`,
      serial: source.serial >>> 0,
      refresh: 3600,
      retry: 600,
      expire: 1_209_600,
      minimum: NEGATIVE_TTL,
    },
  });
  for (const ns of source.nameservers) add({ name: apex, type: 'NS', ttl: NS_TTL, data: ns });
  for (const r of source.records)
    add({ name: r.name === '@' ? apex : `${r.name}.${apex}`, type: r.type, ttl: r.ttl, data: rdataOf(apex, r) });
  // One TTL per RRset (RFC 2181 5.2): the lowest given.
  for (const byType of rrsets.values()) {
    for (const list of byType.values()) {
      const ttl = Math.min(...list.map((rr) => rr.ttl));
      for (const rr of list) rr.ttl = ttl;
    }
  }
  const delegations = new Set(
    [...rrsets.entries()].filter(([owner, byType]) => owner !== apex && byType.has('NS')).map(([owner]) => owner),
  );
  const emptyNonTerminals = new Set<string>();
  for (const owner of rrsets.keys()) {
    for (let name = owner; name !== apex && name.includes('.');) {
      name = name.slice(name.indexOf('.') + 1);
      if (name !== apex && !rrsets.has(name)) emptyNonTerminals.add(name);
    }
  }
  const zone: Zone = {
    name: apex,
    rrsets,
    delegations,
    signed: false,
    sigs: new Map(),
    ordered: [],
    emptyNonTerminals,
    loadedAt: nowMs,
  };
  if (source.keys && source.keys.length > 0) sign(zone, source.keys, nowMs);
  return zone;
}

function sign(zone: Zone, keys: NonNullable<ZoneSource['keys']>, nowMs: number) {
  const ksk = keys.find((k) => k.flags === 257) ?? keys[0]!;
  const zsk = keys.find((k) => k.flags === 256) ?? ksk;
  for (const key of keys) {
    const rr: Rr = {
      name: zone.name,
      type: 'DNSKEY',
      ttl: SOA_TTL,
      data: { flags: key.flags, algorithm: ALGORITHM_ECDSAP256SHA256, key: key.publicKey },
    };
    const byType = zone.rrsets.get(zone.name)!;
    byType.set('DNSKEY', [...(byType.get('DNSKEY') ?? []), rr]);
  }
  // Names below a delegation are glue, not zone data: outside the chain and unsigned.
  const occluded = (owner: string) => [...zone.delegations].some((d) => owner !== d && isAtOrBelow(owner, d));
  zone.ordered = [...zone.rrsets.keys()].filter((owner) => !occluded(owner)).sort(compareNames);
  zone.ordered.forEach((owner, i) => {
    const next = zone.ordered[(i + 1) % zone.ordered.length]!;
    const types = [...zone.rrsets.get(owner)!.keys()];
    const rr: Rr = {
      name: owner,
      type: 'NSEC',
      ttl: NEGATIVE_TTL,
      data: { nextDomain: next, rrtypes: [...types, 'NSEC', 'RRSIG'] },
    };
    zone.rrsets.get(owner)!.set('NSEC', [rr]);
  });
  const fields = (tag: number) => ({
    signer: zone.name,
    keyTag: tag,
    inception: Math.floor(nowMs / 1000) - 3600,
    expiration: Math.floor(nowMs / 1000) + SIGNATURE_LIFETIME_S,
  });
  for (const owner of zone.ordered) {
    const sigs = new Map<string, Rr[]>();
    for (const [type, rrset] of zone.rrsets.get(owner)!) {
      // The parent side of a delegation (its NS) is not signed; its NSEC is.
      if (zone.delegations.has(owner) && type !== 'NSEC' && type !== 'DS') continue;
      const key = type === 'DNSKEY' ? ksk : zsk;
      sigs.set(type, [signRrset(rrset, key.privateKey, fields(key.keyTag))]);
    }
    zone.sigs.set(owner, sigs);
  }
  zone.signed = true;
}
