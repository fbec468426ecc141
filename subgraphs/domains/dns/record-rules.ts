import { isIPv4, isIPv6 } from 'node:net';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { DNS_RECORD_TYPES, type DnsRecordType } from '../entities/dns-record.entity.js';
import { parseHostName, toAsciiName } from '../names/domain-name.js';

export const TTL_MIN = 60;
export const TTL_MAX = 86_400;
export const TTL_DEFAULT = 3600;
const TXT_MAX_BYTES = 4000;

/** A record as asked for, before its rules are checked. */
export interface RecordRequest {
  type: string;
  name?: string | null;
  value: string;
  ttl?: number | null;
  priority?: number | null;
}

/** A record in canonical form: what is stored and served. */
export interface CanonicalRecord {
  type: DnsRecordType;
  /** Relative to the zone, lower case; `@` is the apex. */
  name: string;
  value: string;
  ttl: number;
  priority: number | null;
  /** Canonical value with its priority: the identity of an exact duplicate. */
  rdataKey: string;
}

const bad = (field: string, received: unknown, expected: unknown, message: string) =>
  new DomainError('INVALID_DNS_RECORD', message, {
    field,
    received: typeof received === 'string' ? received.slice(0, 300) : received,
    expected,
  });

/** Checks a record against the rules of its type and answers its canonical form (INVALID_DNS_RECORD otherwise). */
export function canonicalRecord(zone: string, req: RecordRequest): CanonicalRecord {
  const type = String(req.type ?? '').toUpperCase() as DnsRecordType;
  if (!DNS_RECORD_TYPES.includes(type))
    throw bad('type', req.type, DNS_RECORD_TYPES, `Record type ${req.type} is not supported`);
  const name = relativeName(zone, req.name ?? '@');
  const ttl = req.ttl ?? TTL_DEFAULT;
  if (!Number.isInteger(ttl) || ttl < TTL_MIN || ttl > TTL_MAX)
    throw bad('ttl', req.ttl, `${TTL_MIN}..${TTL_MAX}`, `ttl must be from ${TTL_MIN} to ${TTL_MAX} seconds`);
  const wantsPriority = type === 'MX' || type === 'SRV';
  // An MX written the way zone files (and the agent mailboxes' older answers) write it, "10 host", carries its priority.
  const mxPair = type === 'MX' && typeof req.value === 'string' ? /^\s*(\d{1,5})\s+(\S+)\s*$/.exec(req.value) : null;
  if (mxPair) {
    const inline = Number(mxPair[1]);
    if (req.priority != null && req.priority !== inline) {
      throw bad(
        'priority',
        req.priority,
        inline,
        `priority ${req.priority} differs from the ${inline} written in the value; give one of them`,
      );
    }
    req = { ...req, value: mxPair[2]!, priority: inline };
  }
  if (!wantsPriority && req.priority != null)
    throw bad('priority', req.priority, null, `priority applies to MX and SRV records only`);
  const priority = wantsPriority ? req.priority : null;
  if (wantsPriority && (priority == null || !Number.isInteger(priority) || priority < 0 || priority > 65535)) {
    throw bad('priority', req.priority ?? null, '0..65535', `${type} records need a priority from 0 to 65535`);
  }
  if (typeof req.value !== 'string' || req.value.length === 0)
    throw bad('value', req.value ?? null, 'a value', 'value is required');
  const value = canonicalValue(type, name, req.value.trim());
  return { type, name, value, ttl, priority: priority ?? null, rdataKey: `${priority ?? ''}|${value}` };
}

/** `@`, a relative name (`www`, `_dmarc`, `a.b`), or a full name inside the zone; lower case, A-labels. */
export function relativeName(zone: string, input: string): string {
  let name = input.trim().toLowerCase().replace(/\.$/, '');
  if (name === '' || name === '@' || name === zone) return '@';
  if (name.endsWith(`.${zone}`)) name = name.slice(0, -zone.length - 1);
  if (name.split('.').includes('*'))
    throw bad('name', input, 'a name without wildcards', 'Wildcard records are not supported');
  // Labels may carry underscores (_dmarc, _sip._tcp); Unicode labels become A-labels.
  const labels = name.split('.').map((label) => {
    const ascii = /^[a-z0-9_-]+$/.test(label) ? label : toAsciiName(label);
    if (!ascii || ascii.length > 63 || !/^[a-z0-9_-]+$/.test(ascii) || ascii.startsWith('-') || ascii.endsWith('-')) {
      throw bad('name', input, '@ or labels of letters, digits, hyphens and underscores', 'Invalid record name');
    }
    return ascii;
  });
  const relative = labels.join('.');
  if (relative.length + zone.length + 1 > 253)
    throw bad('name', input, 'at most 253 characters with the zone', 'Record name too long');
  return relative;
}

function canonicalValue(type: DnsRecordType, name: string, value: string): string {
  switch (type) {
    case 'A':
      if (!isIPv4(value))
        throw bad('value', value, 'an IPv4 address such as 192.0.2.1', 'A records take an IPv4 address');
      return value;
    case 'AAAA':
      if (!isIPv6(value) || value.includes('%'))
        throw bad('value', value, 'an IPv6 address such as 2001:db8::1', 'AAAA records take an IPv6 address');
      return new URL(`http://[${value}]/`).hostname.slice(1, -1);
    case 'CNAME':
      if (name === '@') throw bad('name', '@', 'a name below the apex', 'A CNAME cannot sit at the zone apex');
      return host(value, 'CNAME');
    case 'NS':
      if (name === '@')
        throw bad('name', '@', 'a name below the apex', 'Apex name servers are set with PUT /nameservers');
      return host(value, 'NS');
    case 'MX':
      return host(value, 'MX');
    case 'TXT': {
      if (Buffer.byteLength(value) > TXT_MAX_BYTES)
        throw bad('value', `${value.length} characters`, `at most ${TXT_MAX_BYTES} bytes`, 'TXT value too long');
      // Quotes around the whole value are presentation syntax, not data.
      const text = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
      if (/[\x00-\x08\x0a-\x1f\x7f]/.test(text))
        throw bad('value', value, 'printable text', 'TXT values hold printable text');
      return text;
    }
    case 'SRV': {
      if (!/^_[a-z0-9-]+\._(tcp|udp|tls|sctp)(\.|$)/.test(name))
        throw bad('name', name, '_service._proto[.name]', 'SRV names look like _sip._tcp');
      const parts = value.split(/\s+/);
      const [weight, port, target] = parts;
      const inRange = (v: string | undefined) => v !== undefined && /^\d{1,5}$/.test(v) && Number(v) <= 65535;
      if (parts.length !== 3 || !inRange(weight) || !inRange(port))
        throw bad(
          'value',
          value,
          '"weight port target", e.g. "5 5060 sip.example.com"',
          'SRV value is "weight port target"',
        );
      return `${Number(weight)} ${Number(port)} ${target === '.' ? '.' : host(target!, 'SRV')}`;
    }
    case 'CAA': {
      const match = /^(\d{1,3})\s+([a-z0-9]+)\s+"?([^"]*)"?$/i.exec(value);
      if (!match || Number(match[1]) > 255)
        throw bad(
          'value',
          value,
          'flags tag "value", e.g. 0 issue "letsencrypt.org"',
          'CAA value is flags, tag and value',
        );
      const tag = match[2]!.toLowerCase();
      if (!['issue', 'issuewild', 'iodef'].includes(tag))
        throw bad('value', value, ['issue', 'issuewild', 'iodef'], `CAA tag ${tag} is not supported`);
      const caaValue = match[3]!;
      if (tag === 'iodef' && !/^(mailto:|https?:\/\/)\S+$/.test(caaValue))
        throw bad('value', value, 'a mailto: or https: URL', 'CAA iodef takes a URL');
      if (tag !== 'iodef' && caaValue !== '' && !/^[a-z0-9.-]+(;.*)?$/i.test(caaValue))
        throw bad('value', value, 'a CA domain such as letsencrypt.org', 'CAA issue takes a CA domain');
      return `${Number(match[1])} ${tag} "${caaValue}"`;
    }
  }
}

function host(value: string, type: string): string {
  const parsed = parseHostName(value.replace(/\.$/, ''));
  // A target is a name, never an address (RFC 1035, RFC 2181 10.3): an all-numeric last label is an IPv4 literal.
  if (!parsed || isIPv4(value) || /(^|\.)\d+$/.test(parsed))
    throw bad(
      'value',
      value,
      'a host name such as mail.example.com',
      `${type} records take a host name, not an address`,
    );
  return parsed;
}

/** TXT data as DNS strings of at most 255 bytes each. */
export function txtStrings(value: string): Buffer[] {
  const bytes = Buffer.from(value);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) out.push(bytes.subarray(i, i + 255));
  return out.length > 0 ? out : [Buffer.alloc(0)];
}
