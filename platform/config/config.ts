/** Platform configuration: the only place that reads process.env. Validated once; every problem reported together. */
import { randomBytes } from 'node:crypto';
import { EnvReader, type ConfigSection, type Env, type ModuleConfigSections } from './config-section.js';

export interface PlatformConfig {
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
  /** Largest accepted request body in bytes (413 above). */
  bodyLimitBytes: number;
  /** Split mode: subgraphs served by other processes, by name (`SUBGRAPH_URLS=email=http://10.0.0.5:4001/graphql,...`). */
  subgraphUrls: Map<string, string>;
  /** Split mode: where `node dist/subgraphs/<module>/main.js` listens (loopback unless told otherwise). */
  subgraphListen: { host: string; port: number };
  /** Lets webhooks target private and loopback addresses (tests, local development). */
  webhookAllowPrivate: boolean;
  /** Safety sweep of the events outbox, besides the LISTEN/NOTIFY wake-ups. */
  eventsSweepMs: number;
  /** Dispatched outbox events older than this are deleted (hourly); undispatched ones never are. */
  eventsRetentionDays: number;
  /** Grace period for in-flight requests and jobs on SIGINT/SIGTERM. */
  shutdownTimeoutMs: number;
  /** Minimum level of the JSON logs. */
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
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

/** The platform's part of the configuration, and each module's section by its key. */
export type Config = PlatformConfig & ModuleConfigSections;

type SectionsValue<S extends readonly ConfigSection[]> = {
  [C in S[number] as C['key']]: C extends ConfigSection<string, infer T> ? T : never;
};

/**
 * Reads the platform's variables and then each module's section (`sections`, from the composition root), and throws
 * one ConfigError listing every problem. With no sections, the platform's part alone (the operator CLIs).
 */
export function readConfig<const S extends readonly ConfigSection[] = []>(
  env: Env = process.env,
  sections: S = [] as unknown as S,
): PlatformConfig & SectionsValue<S> {
  const problems: string[] = [];
  const reader = new EnvReader(env, problems);
  const str = (name: string) => reader.str(name);
  const int = (name: string, fallback: number, min: number, max: number) => reader.int(name, fallback, min, max);
  const bool = (name: string) => reader.bool(name);
  const url = (name: string, protocols: string[]) => reader.url(name, protocols);
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
  const logLevel = (str('LOG_LEVEL') ?? 'info') as PlatformConfig['logLevel'];
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

  const config: PlatformConfig = {
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
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    subgraphUrls,
    subgraphListen: { host: str('SUBGRAPH_HOST') ?? '127.0.0.1', port: int('SUBGRAPH_PORT', 4001, 0, 65535) },
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE'),
    eventsSweepMs: int('EVENTS_SWEEP_MS', 30_000, 100, 3_600_000),
    eventsRetentionDays: int('EVENTS_RETENTION_DAYS', 7, 1, 3650),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 300_000),
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
  };
  const shared = { publicHost: hostOf(str('PUBLIC_URL')) ?? 'localhost', mailSpfInclude };
  const moduleSections = Object.fromEntries(sections.map((section) => [section.key, section.read(reader, shared)]));
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, ...moduleSections } as PlatformConfig & SectionsValue<S>;
}
