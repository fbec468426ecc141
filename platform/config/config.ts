/** Platform configuration: the only place that reads process.env. Validated once; every problem reported together. */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isEmailAddress } from '../validation/email-address.js';

export interface Config {
  /** Public HTTP port of the one-process platform. */
  port: number;
  /** Interface the public port binds to. */
  host: string;
  /** Base URL users reach us on; used in tracking and unsubscribe links. */
  publicUrl: string;
  /** PostgreSQL connection string; undefined means start the embedded server. */
  databaseUrl?: string;
  /** Most connections one process's ORM pool holds (the job store and the event listener hold a few more). */
  databasePoolMax: number;
  /** How long start-up waits for a database that refuses connections (full, restarting) before giving up. */
  databaseStartupTimeoutMs: number;
  /** Data folder and port of the embedded PostgreSQL. */
  embeddedPostgres: { dataDir: string; port: number };
  /** Redis for shared rate-limit counters and cross-process events; in-process when unset. */
  redisUrl?: string;
  /** How often Agenda scans for due jobs in addition to LISTEN/NOTIFY wake-ups. */
  jobsProcessEveryMs: number;
  /** When set, start-up makes sure organization `default` owns this exact SERVER key. */
  bootstrapApiKey?: string;
  /** Secret that signs the caller context on gateway → subgraph hops. */
  internalSecret: string;
  /** Opens GET /metrics to callers beyond loopback (`Authorization: Bearer <token>`). */
  metricsToken?: string;
  /** 32-byte key (base64 or hex) that encrypts secrets at rest; unset: a key generated once and kept in platform.settings. */
  encryptionKey?: Buffer;
  /** SMTP relay for outgoing email; the local capture transport when unset. */
  smtpUrl?: string;
  /** Pooled SMTP connections. */
  smtpPoolSize: number;
  /** DKIM signing, all three or none. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Twilio-style SMS provider (all three or none); the sandbox carrier when unset. */
  smsProvider?: { baseUrl: string; accountSid: string; authToken: string };
  /** Largest accepted request body in bytes (413 above). */
  bodyLimitBytes: number;
  /** Split mode: subgraphs served by other processes, by name (`SUBGRAPH_URLS=email=http://10.0.0.5:4001/graphql,...`). */
  subgraphUrls: Map<string, string>;
  /** Split mode: where `node dist/subgraphs/<module>/main.js` listens (loopback unless told otherwise). */
  subgraphListen: { host: string; port: number };
  /** Lets webhooks target private and loopback addresses (tests, local development). */
  webhookAllowPrivate: boolean;
  /** Deadline of one webhook request (30 s). */
  webhookTimeoutMs: number;
  /** Tests only: divides the webhook retry delays (1 = the real schedule). */
  webhookRetrySpeedup: number;
  /** Safety sweep of the events outbox, besides the LISTEN/NOTIFY wake-ups. */
  eventsSweepMs: number;
  /** Dispatched outbox events older than this are deleted (hourly); undispatched ones never are. */
  eventsRetentionDays: number;
  /** Fallback recipient of system notices (a webhook disabled) when the organization has no notification email. */
  notificationEmail?: string;
  /** Sender of system notices. */
  notificationFrom: string;
  /** Grace period for in-flight requests and jobs on SIGINT/SIGTERM. */
  shutdownTimeoutMs: number;
  /** AI gateway: lifetime of cached answers in seconds (0 turns the cache off). */
  aiCacheTtlSeconds: number;
  /** AI gateway: deadline for a provider's first byte (headers, and the first chunk of a stream). */
  aiFirstByteTimeoutMs: number;
  /** AI gateway: longest silence between two chunks of a provider's answer. */
  aiIdleTimeoutMs: number;
  /** AI gateway: deadline of a whole request, fallback attempts included. */
  aiTotalTimeoutMs: number;
  /** AI gateway: the built-in `sandbox` provider for every organization (AI_SANDBOX_ENABLED, default true). */
  aiSandboxEnabled: boolean;
  /** AI gateway: `host:port` pairs provider base URLs may reach even when private (AI_PROVIDER_ALLOWED_HOSTS; operator only). */
  aiProviderAllowedHosts: string[];
  /** Minimum level of the JSON logs. */
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Auth: base of the HIBP Pwned Passwords range API; unset = only the shipped breached-password list. */
  authHibpUrl?: string;
  /** Auth: password hashes computed at once (thread pool) and how many may wait before sign-ins get 503 + Retry-After. */
  authHashing: { concurrency: number; maxQueued: number };
  /** Domains module: DNS listener, registrar, prices. */
  domains: DomainsConfig;
  /** The platform's one inbound SMTP listener: port (0 picks a free one), interface, largest message accepted. */
  smtpInbound: { port: number; host: string; maxBytes: number };
  /** Agent mailboxes' default domain (`MAILBOX_DEFAULT_DOMAIN`). */
  mailboxDefaultDomain: string;
  /** The platform's one inbound MX host (INBOUND_MX_HOST): the MX of SERVICE_EMAIL zones and of custom mailbox domains. */
  inboundMxHost: string;
  /** The platform's one SPF include (MAIL_SPF_INCLUDE), the same for custom mailbox domains and SERVICE_EMAIL zones. */
  mailboxSpfInclude: string;
  /** `host:port` of the DNS resolver used to verify domains; the system's resolvers when unset. */
  dnsResolver?: string;
  /** OpenTelemetry traces over OTLP/HTTP; undefined means off (the SDK is not even loaded). */
  tracing?: TracingConfig;
}

/**
 * Tracing is on when an OTLP endpoint is set (and OTEL_SDK_DISABLED is not true). The exporter and the SDK read the
 * other OTEL_* variables themselves (headers, sampler, batch delays): see docs/operations.md "Traces".
 */
export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (used as is) or OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces). */
  endpoint: string;
  /** OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL: http/protobuf (the OTLP default) or http/json. */
  protocol: 'http/protobuf' | 'http/json';
}

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
export const DEFAULT_TLD_PRICES: Record<string, TldPrice> = {
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
export const DEFAULT_PREMIUM_NAMES: Record<string, number> = {
  'shop.dev': 2499,
  'cloud.app': 4800,
  'pay.io': 9500,
  'chat.ai': 25000,
  'hotel.co': 3200,
  'crypto.net': 7999,
  'games.org': 1999,
  'premium.com': 15000,
};

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * The tracing part alone, for the `--import` module that must decide before the application loads
 * (platform/tracing/register.ts); undefined when off or invalid (loadConfig then reports the problem and exits).
 */
export function loadTracingConfig(env: Env = process.env): TracingConfig | undefined {
  const problems: string[] = [];
  const tracing = tracingConfig(env, problems);
  return problems.length === 0 ? tracing : undefined;
}

function tracingConfig(env: Env, problems: string[]): TracingConfig | undefined {
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const disabled = str('OTEL_SDK_DISABLED')?.toLowerCase() === 'true';
  const tracesEndpoint = str('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const baseEndpoint = str('OTEL_EXPORTER_OTLP_ENDPOINT');
  const raw = tracesEndpoint ?? baseEndpoint;
  if (raw === undefined || disabled) return undefined;
  const name = tracesEndpoint !== undefined ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  try {
    if (!['http:', 'https:'].includes(new URL(raw).protocol))
      problems.push(`${name} must be an http or https URL (got "${raw}")`);
  } catch {
    problems.push(`${name} is not a valid URL`);
  }
  const protocol = str('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? str('OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    problems.push(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got "${protocol}")`);
    return undefined;
  }
  const endpoint = tracesEndpoint ?? `${raw.replace(/\/$/, '')}/v1/traces`;
  return { endpoint, protocol };
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string) => {
    const raw = str(name);
    if (raw === undefined) return false;
    if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
    if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return false;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol))
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  };

  const email = (name: string) => {
    const raw = str(name);
    if (raw !== undefined && !isEmailAddress(raw)) problems.push(`${name} must be an email address (got "${raw}")`);
    return raw;
  };
  const hostOf = (raw: string | undefined) => {
    try {
      return raw ? new URL(raw).hostname : undefined;
    } catch {
      return undefined;
    }
  };

  const port = int('PORT', 4000, 0, 65535);
  // Jobs commit with the change that asks for them only in the application's database: no other job store is offered.
  if (str('AGENDA_MONGO_URL'))
    problems.push('AGENDA_MONGO_URL is not supported: jobs run on the PostgreSQL job store in DATABASE_URL (unset it)');
  const logLevel = (str('LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel))
    problems.push(`LOG_LEVEL must be one of debug, info, warn, error, silent (got "${logLevel}")`);

  const bootstrapApiKey = str('BOOTSTRAP_API_KEY');
  if (bootstrapApiKey !== undefined && bootstrapApiKey.length < 24)
    problems.push('BOOTSTRAP_API_KEY must be at least 24 characters');

  const internalSecret = str('INTERNAL_SECRET') ?? randomBytes(32).toString('hex');
  if (internalSecret.length < 32) problems.push('INTERNAL_SECRET must be at least 32 characters');
  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 24)
    problems.push('METRICS_TOKEN must be at least 24 characters');

  let encryptionKey: Buffer | undefined;
  const rawKey = str('ENCRYPTION_KEY');
  if (rawKey !== undefined) {
    const decoded = /^[0-9a-f]{64}$/i.test(rawKey) ? Buffer.from(rawKey, 'hex') : Buffer.from(rawKey, 'base64');
    if (decoded.length !== 32) problems.push('ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
    else encryptionKey = decoded;
  }

  const dkimParts = [str('DKIM_DOMAIN'), str('DKIM_SELECTOR'), str('DKIM_PRIVATE_KEY')];
  const dkimSet = dkimParts.filter((p) => p !== undefined).length;
  if (dkimSet !== 0 && dkimSet !== 3)
    problems.push('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together');

  const smsParts = [
    url('SMS_PROVIDER_URL', ['http:', 'https:']),
    str('SMS_PROVIDER_ACCOUNT_SID'),
    str('SMS_PROVIDER_AUTH_TOKEN'),
  ];
  const smsSet = smsParts.filter((p) => p !== undefined).length;
  if (smsSet !== 0 && smsSet !== 3)
    problems.push('SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT_SID and SMS_PROVIDER_AUTH_TOKEN must be set together');

  const jsonTable = <T>(name: string, fallback: T, valid: (v: unknown) => boolean): T => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (valid(parsed)) return parsed as T;
    } catch {
      /* reported below */
    }
    problems.push(`${name} must be a JSON object of the documented shape`);
    return fallback;
  };
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const isPrice = (v: unknown) => typeof v === 'number' && v >= 0 && Number.isFinite(v);
  const publicHost = hostOf(str('PUBLIC_URL')) ?? 'localhost';
  const nameservers = (str('DNS_NAMESERVERS') ?? `ns1.dns.${publicHost},ns2.dns.${publicHost}`)
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (nameservers.length < 2) problems.push('DNS_NAMESERVERS must name at least two hosts');
  const registrarKind = str('DOMAIN_REGISTRAR') ?? 'sandbox';
  const namecom = [
    url('NAMECOM_URL', ['http:', 'https:']) ?? 'https://api.name.com',
    str('NAMECOM_USERNAME'),
    str('NAMECOM_TOKEN'),
  ];
  if (!['sandbox', 'namecom'].includes(registrarKind))
    problems.push(`DOMAIN_REGISTRAR must be sandbox or namecom (got "${registrarKind}")`);
  if (registrarKind === 'namecom' && (!namecom[1] || !namecom[2]))
    problems.push('DOMAIN_REGISTRAR=namecom needs NAMECOM_USERNAME and NAMECOM_TOKEN');

  const subgraphUrls = new Map<string, string>();
  for (const entry of (str('SUBGRAPH_URLS') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, target] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)];
    let ok = /^[a-z][a-z0-9-]*$/.test(name);
    try {
      ok &&= ['http:', 'https:'].includes(new URL(target).protocol);
    } catch {
      ok = false;
    }
    if (ok) subgraphUrls.set(name, target);
    else problems.push(`SUBGRAPH_URLS entries must look like name=http://host:port/graphql (got "${entry}")`);
  }

  const mailboxDefaultDomain = (str('MAILBOX_DEFAULT_DOMAIN') ?? 'agents.localhost').toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(mailboxDefaultDomain))
    problems.push(`MAILBOX_DEFAULT_DOMAIN must be a domain name (got "${mailboxDefaultDomain}")`);
  // One host receives the platform's mail; DOMAINS_INBOUND_MX_HOST and MAILBOX_MX_HOST are its deprecated names.
  const mxNames = ['INBOUND_MX_HOST', 'DOMAINS_INBOUND_MX_HOST', 'MAILBOX_MX_HOST'].filter(
    (name) => str(name) !== undefined,
  );
  if (new Set(mxNames.map((name) => str(name)!.toLowerCase())).size > 1)
    problems.push(
      `${mxNames.join(', ')} name the one inbound MX host with different values; set INBOUND_MX_HOST alone`,
    );
  const inboundMxHost = (mxNames[0] ? str(mxNames[0])! : `mx.${mailboxDefaultDomain}`).toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(inboundMxHost))
    problems.push(`INBOUND_MX_HOST must be a host name (got "${inboundMxHost}")`);
  // One SPF include for the platform's mail: two would make a domain publishing both fail SPF (RFC 7208 permerror).
  // DOMAINS_SPF_INCLUDE and MAILBOX_SPF_INCLUDE are its deprecated names.
  const spfNames = ['MAIL_SPF_INCLUDE', 'DOMAINS_SPF_INCLUDE', 'MAILBOX_SPF_INCLUDE'].filter(
    (name) => str(name) !== undefined,
  );
  if (new Set(spfNames.map((name) => str(name)!.toLowerCase())).size > 1)
    problems.push(`${spfNames.join(', ')} name the one SPF include with different values; set MAIL_SPF_INCLUDE alone`);
  const mailSpfInclude = (spfNames[0] ? str(spfNames[0])! : `_spf.${mailboxDefaultDomain}`).toLowerCase();
  const dnsResolver = str('DNS_RESOLVER');
  if (dnsResolver !== undefined && !/^(?:[0-9.]+|\[[0-9a-fA-F:]+\])(?::\d{1,5})?$/.test(dnsResolver))
    problems.push(
      `DNS_RESOLVER must be an IP address with an optional port, e.g. 127.0.0.1:5353 (got "${dnsResolver}")`,
    );

  const config: Config = {
    port,
    host: str('HOST') ?? '0.0.0.0',
    publicUrl: (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolMax: int('DATABASE_POOL_MAX', 10, 1, 500),
    databaseStartupTimeoutMs: int('DATABASE_STARTUP_TIMEOUT_MS', 60_000, 0, 3_600_000),
    embeddedPostgres: {
      dataDir: str('EMBEDDED_PG_DIR') ?? '.data/postgres',
      port: int('EMBEDDED_PG_PORT', 5499, 1, 65535),
    },
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    jobsProcessEveryMs: int('JOBS_PROCESS_EVERY_MS', 5000, 50, 600_000),
    bootstrapApiKey,
    internalSecret,
    metricsToken,
    encryptionKey,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    smtpPoolSize: int('SMTP_POOL_SIZE', 5, 1, 100),
    dkim:
      dkimSet === 3
        ? { domainName: dkimParts[0]!, keySelector: dkimParts[1]!, privateKey: dkimParts[2]!.replace(/\\n/g, '\n') }
        : undefined,
    smsProvider:
      smsSet === 3
        ? { baseUrl: smsParts[0]!.replace(/\/$/, ''), accountSid: smsParts[1]!, authToken: smsParts[2]! }
        : undefined,
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    subgraphUrls,
    subgraphListen: { host: str('SUBGRAPH_HOST') ?? '127.0.0.1', port: int('SUBGRAPH_PORT', 4001, 0, 65535) },
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 30_000, 100, 120_000),
    webhookRetrySpeedup: int('WEBHOOK_RETRY_SPEEDUP', 1, 1, 10_000_000),
    eventsSweepMs: int('EVENTS_SWEEP_MS', 30_000, 100, 3_600_000),
    eventsRetentionDays: int('EVENTS_RETENTION_DAYS', 7, 1, 3650),
    notificationEmail: email('NOTIFICATION_EMAIL'),
    notificationFrom:
      str('NOTIFICATION_FROM') ?? `Platform notifications <notifications@${hostOf(str('PUBLIC_URL')) ?? 'localhost'}>`,
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 300_000),
    aiCacheTtlSeconds: int('AI_CACHE_TTL_SECONDS', 300, 0, 30 * 86_400),
    aiFirstByteTimeoutMs: int('AI_FIRST_BYTE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    aiIdleTimeoutMs: int('AI_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000),
    aiTotalTimeoutMs: int('AI_TOTAL_TIMEOUT_MS', 600_000, 100, 86_400_000),
    aiSandboxEnabled: str('AI_SANDBOX_ENABLED') === undefined || bool('AI_SANDBOX_ENABLED'),
    aiProviderAllowedHosts: hostPortList('AI_PROVIDER_ALLOWED_HOSTS', str('AI_PROVIDER_ALLOWED_HOSTS'), problems),
    logLevel,
    smtpInbound: {
      port: int('SMTP_INBOUND_PORT', 2525, 0, 65535),
      host: str('SMTP_INBOUND_HOST') ?? '127.0.0.1',
      maxBytes: int('SMTP_INBOUND_MAX_BYTES', 40 * 1024 * 1024, 1024, 200 * 1024 * 1024),
    },
    mailboxDefaultDomain,
    inboundMxHost,
    mailboxSpfInclude: mailSpfInclude,
    dnsResolver,
    tracing: tracingConfig(env, problems),
    // One core left to the event loop: on two cores, two hashes at once doubled /healthz p99 under sign-ins.
    authHashing: {
      concurrency: int('AUTH_HASH_CONCURRENCY', Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 64),
      maxQueued: int('AUTH_HASH_QUEUE', 64, 0, 100_000),
    },
    authHibpUrl: bool('AUTH_HIBP_ENABLED')
      ? (url('AUTH_HIBP_URL', ['http:', 'https:']) ?? 'https://api.pwnedpasswords.com')
      : undefined,
    domains: {
      dnsHost: str('DNS_HOST') ?? '127.0.0.1',
      dnsPort: int('DNS_PORT', 5353, 0, 65535),
      dnsResponsesPerSecond: int('DNS_RATE_LIMIT', 20, 0, 1_000_000),
      nameservers,
      spfInclude: mailSpfInclude,
      transferDelayMs: int('DOMAIN_TRANSFER_DELAY_SECONDS', 300, 0, 30 * 86_400) * 1000,
      lifecycleInterval: str('DOMAIN_LIFECYCLE_INTERVAL') ?? '1 hour',
      autoRenewDaysBefore: int('DOMAIN_AUTO_RENEW_DAYS_BEFORE', 7, 1, 29),
      maxRecordsPerZone: int('DNS_MAX_RECORDS_PER_ZONE', 1000, 1, 100_000),
      tlds: jsonTable(
        'DOMAIN_TLD_PRICES',
        DEFAULT_TLD_PRICES,
        (v) =>
          isObject(v) &&
          Object.values(v).every((p) => isObject(p) && isPrice(p.register) && isPrice(p.renew) && isPrice(p.transfer)),
      ),
      premiumNames: jsonTable(
        'DOMAIN_PREMIUM_NAMES',
        DEFAULT_PREMIUM_NAMES,
        (v) => isObject(v) && Object.values(v).every(isPrice),
      ),
      registrar:
        registrarKind === 'namecom' && namecom[1] && namecom[2]
          ? { kind: 'namecom', baseUrl: namecom[0]!.replace(/\/$/, ''), username: namecom[1], token: namecom[2] }
          : { kind: 'sandbox' },
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** `host:port,host:port` in lower case (IPv6 in brackets: `[fd00::1]:8000`); a malformed entry is a start-up problem. */
function hostPortList(name: string, raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/.exec(entry);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
      problems.push(`${name} must list host:port pairs (got "${entry}")`);
  }
  return entries;
}
