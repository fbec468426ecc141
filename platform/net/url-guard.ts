import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isLocalhostName, judgeAddresses, resolveAndJudge, type Resolver } from './host-judgement.js';
import { invalid } from '../errors/domain-error.js';

export type { Resolver };

/** What a kind of URL may carry besides scheme, host, port and path. */
export interface UrlRules {
  /** The input field an error names (`baseUrl`, `config.ssoUrl`). */
  field: string;
  /** Only https (identity providers). */
  httpsOnly?: boolean;
  /** `user:password@` (webhooks: sent as Basic auth). */
  allowCredentials?: boolean;
  /** A query string (webhooks may route by it; a provider base URL gets a path appended, so it may not). */
  allowQuery?: boolean;
}

export interface UrlGuardOptions {
  /** Lets URLs reach loopback and private addresses (WEBHOOK_ALLOW_PRIVATE: tests, local development). */
  allowPrivate: boolean;
  /** Save-time resolver; defaults to the system's (getaddrinfo, every address). */
  resolver?: Resolver;
  /**
   * `host:port` pairs (lower case, IPv6 in brackets) the operator lets URLs reach whatever their addresses: a model
   * server on its own network. Set from operator configuration only, never from a tenant's input.
   */
  allowedHosts?: readonly string[];
  /** How long a connect-time lookup may take before the connection fails (default 5 s): a name that never answers must not hold a job. */
  lookupTimeoutMs?: number;
  /** Connect-time lookup; defaults to the system's (node:dns `lookup`). */
  systemLookup?: typeof dnsLookup;
}

export const MAX_URL_LENGTH = 2048;

/** The parsed URL, or the reason it is refused by the rules (no network involved). */
export function urlSyntaxProblem(value: string, rules: Omit<UrlRules, 'field'>): { url: URL } | { problem: string } {
  if (value.length > MAX_URL_LENGTH) return { problem: `at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'an absolute http(s) URL' };
  }
  if (rules.httpsOnly ? url.protocol !== 'https:' : url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: rules.httpsOnly ? 'an https URL' : 'an http(s) URL' };
  if ((url.username || url.password) && !rules.allowCredentials)
    return { problem: 'a URL without credentials (user:password@)' };
  if (url.hash || value.includes('#')) return { problem: 'a URL without a fragment (#)' };
  if ((url.search || value.includes('?')) && !rules.allowQuery) return { problem: 'a URL without a query string (?)' };
  return { url };
}

/**
 * The one guard for user-supplied URLs (webhook endpoints, AI provider base URLs, CRM integrations, identity
 * provider URLs). At save time, `check` refuses bad syntax and hosts that are, or resolve to, special-purpose
 * addresses (loopback, private, link-local metadata, IPv4-mapped, ...). At connect time, `lookup` (for net, tls
 * and undici's `connect` option) refuses them again, so a name that changes its answer (DNS rebinding) is caught
 * where the connection is made; `refusedHost` covers IP literals, for which net.connect does no lookup.
 */
export class UrlGuard {
  private readonly allowedHosts: ReadonlySet<string>;

  constructor(private readonly options: UrlGuardOptions) {
    this.allowedHosts = new Set(options.allowedHosts ?? []);
  }

  /** Whether the URL's exact host and port (the scheme's default when absent) are on the operator's allow-list. */
  allowListed(url: URL): boolean {
    if (this.allowedHosts.size === 0) return false;
    const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
    return this.allowedHosts.has(`${url.hostname.toLowerCase()}:${port}`);
  }

  get allowPrivate(): boolean {
    return this.options.allowPrivate;
  }

  /** The URL as given, or a 400 naming `rules.field`. A name that does not resolve now is left to connect time. */
  async check(value: string, rules: UrlRules): Promise<string> {
    const parsed = urlSyntaxProblem(value, rules);
    if ('problem' in parsed)
      throw invalid(rules.field, value, parsed.problem, `Invalid ${rules.field}: expected ${parsed.problem}`);
    if (this.options.allowPrivate || this.allowListed(parsed.url)) return value; // no lookup: the address may be reached
    const verdict = await resolveAndJudge(parsed.url.hostname, {
      allowPrivate: this.options.allowPrivate,
      resolver: this.options.resolver,
    });
    if (!verdict.ok && verdict.refused)
      throw invalid(rules.field, value, 'a URL of a public host', `Invalid ${rules.field}: ${verdict.reason}`);
    return value; // a public host, or one that does not resolve now: connect time decides
  }

  /** Why a host given as an IP literal may not be reached (null for a public one or a name). */
  refusedHost(hostname: string): string | null {
    if (this.options.allowPrivate) return null;
    const host = hostname.replace(/^\[|\]$/g, '');
    if (!isIP(host)) return isLocalhostName(host) ? 'localhost is a loopback name' : null;
    const verdict = judgeAddresses(host, [host], false);
    return verdict.ok ? null : verdict.reason;
  }

  /** A dns.lookup for net/tls/undici that answers only when every address is public (the rule of `resolveAndJudge`). */
  readonly lookup = (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    answer: (...args: any[]) => void,
  ): void => {
    let answered = false;
    const callback = (...args: unknown[]) => {
      if (answered) return; // a late answer after the time limit
      answered = true;
      clearTimeout(timer);
      answer(...args);
    };
    const limit = this.options.lookupTimeoutMs ?? 5_000;
    const timer = setTimeout(
      () =>
        callback(
          Object.assign(new Error(`DNS lookup of ${hostname} timed out after ${limit} ms`), { code: 'ETIMEOUT' }),
        ),
      limit,
    );
    (this.options.systemLookup ?? dnsLookup)(
      hostname,
      { ...options, all: true },
      (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
        if (error) return callback(error);
        const verdict = judgeAddresses(
          hostname,
          addresses.map((a) => a.address),
          this.options.allowPrivate,
        );
        if (!verdict.ok)
          return callback(Object.assign(new Error(`Refused: ${verdict.reason}`), { code: 'EADDRREFUSED' }));
        if ((options as LookupAllOptions).all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
    );
  };
}
