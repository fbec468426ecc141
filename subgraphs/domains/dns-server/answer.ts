import type { Rr } from '../dnssec/dnssec-crypto.js';
import { compareNames, isAtOrBelow, parentOf } from './canonical-order.js';
import { NEGATIVE_TTL, type Zone } from './zone.js';

/** What a zone answers for one question (before EDNS, truncation and the wire). */
export interface ZoneAnswer {
  rcode: 'NOERROR' | 'NXDOMAIN';
  authoritative: boolean;
  answers: Rr[];
  authorities: Rr[];
  additionals: Rr[];
}

/**
 * The authoritative answer of a zone (RFC 1034 4.3.2): data, CNAME, referral at a delegation, NODATA or NXDOMAIN with the
 * SOA in the authority section (RFC 2308), and with `dnssec` (the DO bit) the RRSIGs and the NSEC records that prove a
 * negative answer (RFC 4035 3.1.3).
 */
export function answerFrom(zone: Zone, qname: string, qtype: string, dnssec: boolean): ZoneAnswer {
  const out: ZoneAnswer = { rcode: 'NOERROR', authoritative: true, answers: [], authorities: [], additionals: [] };
  const signed = dnssec && zone.signed;
  const withSigs = (list: Rr[], owner: string, type: string) => {
    list.push(...(zone.rrsets.get(owner)?.get(type) ?? []));
    if (signed) list.push(...(zone.sigs.get(owner)?.get(type) ?? []));
  };

  // A delegation at or above the name (below the apex): refer, unless the DS of the delegation itself is asked for.
  for (let cut = qname; cut !== zone.name && isAtOrBelow(cut, zone.name); cut = parentOf(cut)) {
    if (!zone.delegations.has(cut) || (cut === qname && qtype === 'DS')) continue;
    out.authoritative = false;
    out.authorities.push(...zone.rrsets.get(cut)!.get('NS')!);
    if (signed) withSigs(out.authorities, cut, 'NSEC'); // proves there is no DS: an unsigned delegation
    for (const ns of zone.rrsets.get(cut)!.get('NS')!) {
      const target = ns.data as string;
      if (!isAtOrBelow(target, zone.name)) continue;
      out.additionals.push(
        ...(zone.rrsets.get(target)?.get('A') ?? []),
        ...(zone.rrsets.get(target)?.get('AAAA') ?? []),
      );
    }
    return out;
  }

  const node = zone.rrsets.get(qname);
  if (node) {
    if (qtype === 'ANY') {
      for (const type of node.keys()) if (type !== 'NSEC' || signed) withSigs(out.answers, qname, type);
      return out;
    }
    if (node.has(qtype)) {
      withSigs(out.answers, qname, qtype);
      return out;
    }
    if (node.has('CNAME')) {
      withSigs(out.answers, qname, 'CNAME');
      const target = (node.get('CNAME')![0]!.data as string).toLowerCase();
      // Follow one step inside the zone; resolvers chase the rest.
      if (zone.rrsets.get(target)?.has(qtype)) withSigs(out.answers, target, qtype);
      return out;
    }
    negative(zone, out, signed);
    if (signed) withSigs(out.authorities, qname, 'NSEC');
    return out;
  }

  const emptyNonTerminal = zone.emptyNonTerminals.has(qname);
  negative(zone, out, signed);
  if (!emptyNonTerminal) out.rcode = 'NXDOMAIN';
  if (!signed) return out;
  const proofs = new Set<string>([covering(zone, qname)]);
  if (!emptyNonTerminal) proofs.add(covering(zone, `*.${closestEncloser(zone, qname)}`));
  for (const owner of proofs) withSigs(out.authorities, owner, 'NSEC');
  return out;
}

/** SOA in the authority section with the negative TTL (RFC 2308 section 3). */
function negative(zone: Zone, out: ZoneAnswer, signed: boolean) {
  const soa = zone.rrsets.get(zone.name)!.get('SOA')![0]!;
  out.authorities.push({ ...soa, ttl: Math.min(soa.ttl, NEGATIVE_TTL) });
  if (signed) out.authorities.push(...(zone.sigs.get(zone.name)?.get('SOA') ?? []));
}

/** The owner of the NSEC whose span covers `name`: the last owner before it in canonical order. */
function covering(zone: Zone, name: string): string {
  let lo = 0;
  let hi = zone.ordered.length - 1;
  let found = zone.ordered[zone.ordered.length - 1]!;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (compareNames(zone.ordered[mid]!, name) <= 0) {
      found = zone.ordered[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The longest existing ancestor of a name (an owner, or an empty non-terminal). */
function closestEncloser(zone: Zone, name: string): string {
  for (
    let candidate = parentOf(name);
    candidate !== zone.name && isAtOrBelow(candidate, zone.name);
    candidate = parentOf(candidate)
  ) {
    if (zone.rrsets.has(candidate) || zone.emptyNonTerminals.has(candidate)) return candidate;
  }
  return zone.name;
}
