/** The domains module's configuration: DNS listener, registrar, lifecycle and prices (docs/domains.md "Configuration"). */
import { configSection } from '../../platform/config/config-section.js';

/** Yearly prices of one TLD in USD. */
export interface TldPrice {
  register: number;
  renew: number;
  transfer: number;
}

export interface DomainsConfig {
  /** Authoritative DNS listener (UDP and TCP); port 0 picks a free one. */
  dnsHost: string;
  dnsPort: number;
  /** UDP answers per second to one source prefix (IPv4 /24, IPv6 /56) before rate limiting; 0 turns it off. */
  dnsResponsesPerSecond: number;
  /** Name servers a new domain is delegated to (the platform's own). */
  nameservers: string[];
  /** SPF `include:` of the platform's outgoing mail: the same value as `mailboxSpfInclude` (MAIL_SPF_INCLUDE). */
  spfInclude: string;
  /** Sandbox registrar: how long a transfer waits before it completes. */
  transferDelayMs: number;
  /** How often the lifecycle sweep (expiring soon, auto-renew, expired) runs, in Agenda's interval syntax. */
  lifecycleInterval: string;
  /** Auto-renew runs this many days before expiry. */
  autoRenewDaysBefore: number;
  /** Records one zone may hold: a zone is kept in memory by the DNS server and sent whole in a zone transfer. */
  maxRecordsPerZone: number;
  /** Supported TLDs (public suffixes) and their prices. */
  tlds: Record<string, TldPrice>;
  /** Premium names (A-labels) and their yearly price. */
  premiumNames: Record<string, number>;
  /** The registrar behind the module: the embedded sandbox, or Name.com's API v4. */
  registrar: { kind: 'sandbox' } | { kind: 'namecom'; baseUrl: string; username: string; token: string };
}

/** Default TLD price table (USD per year). */
const DEFAULT_TLD_PRICES: Record<string, TldPrice> = {
  com: { register: 12.99, renew: 14.99, transfer: 12.99 },
  net: { register: 14.99, renew: 16.99, transfer: 14.99 },
  org: { register: 12.99, renew: 14.99, transfer: 12.99 },
  io: { register: 39.99, renew: 49.99, transfer: 39.99 },
  dev: { register: 14.99, renew: 16.99, transfer: 14.99 },
  app: { register: 16.99, renew: 18.99, transfer: 16.99 },
  co: { register: 29.99, renew: 32.99, transfer: 29.99 },
  ai: { register: 79.99, renew: 89.99, transfer: 79.99 },
  xyz: { register: 2.99, renew: 12.99, transfer: 12.99 },
};

/** Default premium names (USD per year). */
const DEFAULT_PREMIUM_NAMES: Record<string, number> = {
  'shop.dev': 2499,
  'cloud.app': 4800,
  'pay.io': 9500,
  'chat.ai': 25000,
  'hotel.co': 3200,
  'crypto.net': 7999,
  'games.org': 1999,
  'premium.com': 15000,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrice = (v: unknown) => typeof v === 'number' && v >= 0 && Number.isFinite(v);

export const DOMAINS_CONFIG = configSection('domains', (env, shared): DomainsConfig => {
  const nameservers = (env.str('DNS_NAMESERVERS') ?? `ns1.dns.${shared.publicHost},ns2.dns.${shared.publicHost}`)
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (nameservers.length < 2) env.problems.push('DNS_NAMESERVERS must name at least two hosts');
  const registrarKind = env.str('DOMAIN_REGISTRAR') ?? 'sandbox';
  const namecomUrl = env.url('NAMECOM_URL', ['http:', 'https:']) ?? 'https://api.name.com';
  const username = env.str('NAMECOM_USERNAME');
  const token = env.str('NAMECOM_TOKEN');
  if (!['sandbox', 'namecom'].includes(registrarKind))
    env.problems.push(`DOMAIN_REGISTRAR must be sandbox or namecom (got "${registrarKind}")`);
  if (registrarKind === 'namecom' && (!username || !token))
    env.problems.push('DOMAIN_REGISTRAR=namecom needs NAMECOM_USERNAME and NAMECOM_TOKEN');
  return {
    dnsHost: env.str('DNS_HOST') ?? '127.0.0.1',
    dnsPort: env.int('DNS_PORT', 5353, 0, 65535),
    dnsResponsesPerSecond: env.int('DNS_RATE_LIMIT', 20, 0, 1_000_000),
    nameservers,
    spfInclude: shared.mailSpfInclude,
    transferDelayMs: env.int('DOMAIN_TRANSFER_DELAY_SECONDS', 300, 0, 30 * 86_400) * 1000,
    lifecycleInterval: env.str('DOMAIN_LIFECYCLE_INTERVAL') ?? '1 hour',
    autoRenewDaysBefore: env.int('DOMAIN_AUTO_RENEW_DAYS_BEFORE', 7, 1, 29),
    maxRecordsPerZone: env.int('DNS_MAX_RECORDS_PER_ZONE', 1000, 1, 100_000),
    tlds: env.json(
      'DOMAIN_TLD_PRICES',
      DEFAULT_TLD_PRICES,
      (v) =>
        isObject(v) &&
        Object.values(v).every((p) => isObject(p) && isPrice(p.register) && isPrice(p.renew) && isPrice(p.transfer)),
    ),
    premiumNames: env.json(
      'DOMAIN_PREMIUM_NAMES',
      DEFAULT_PREMIUM_NAMES,
      (v) => isObject(v) && Object.values(v).every(isPrice),
    ),
    registrar:
      registrarKind === 'namecom' && username && token
        ? { kind: 'namecom', baseUrl: namecomUrl.replace(/\/$/, ''), username, token }
        : { kind: 'sandbox' },
  };
});

declare module '../../platform/config/config-section.js' {
  interface ModuleConfigSections {
    domains: DomainsConfig;
  }
}
