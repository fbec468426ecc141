import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import { parseDomainName, toAsciiName, type DomainName } from '../names/domain-name.js';
import { quote } from '../names/pricing.js';
import type { DomainsDeps } from '../domains-deps.js';
import { registrarCall } from '../shared/domain-lookup.js';
import type { DomainAvailabilityView, DomainSearchArgs, SearchResult } from './search.types.js';

/** Search over the supported TLDs with a few suggestions, and availability of one name. */
export class SearchService {
  constructor(private readonly deps: DomainsDeps) {}

  async search(em: EntityManager, args: DomainSearchArgs): Promise<SearchResult> {
    const { words, tldHint } = splitQuery(args.query);
    const tlds = this.tldsOf(args.tlds, tldHint);
    const joined = toLabel(words.join(''), args.query);
    const hyphenated = words.length > 1 ? toLabel(words.join('-'), args.query) : null;
    // The term on every TLD, then suggestions (prefix, suffix, hyphenation) on the first TLD.
    const labels = [joined, ...(hyphenated ? [hyphenated] : [])];
    const names: string[] = [];
    for (const label of labels) for (const tld of tlds) names.push(`${label}.${tld}`);
    for (const label of [`get${joined}`, `${joined}hq`, hyphenated ? null : `get-${joined}`]) {
      if (label && label.length <= 63) names.push(`${label}.${tlds[0]}`);
    }
    const parsed = [...new Set(names)]
      .map((n) => safeParse(n, this.deps.domains.tlds))
      .filter((n): n is DomainName => n !== null);
    const result = await this.availability(em, parsed);
    return {
      available: parsed
        .filter((n) => result.get(n.ascii)!.available)
        .map((n) => ({
          domain: n.ascii,
          price: result.get(n.ascii)!.price,
          isPremium: result.get(n.ascii)!.isPremium,
        })),
      unavailable: parsed.filter((n) => !result.get(n.ascii)!.available).map((n) => ({ domain: n.ascii })),
    };
  }

  async check(em: EntityManager, domain: string): Promise<DomainAvailabilityView> {
    const name = parseDomainName(domain, this.deps.domains.tlds);
    const one = (await this.availability(em, [name])).get(name.ascii)!;
    return {
      domain: name.ascii,
      available: one.available,
      price: one.price,
      renewalPrice: one.isPremium ? one.price : quote(this.deps.domains, name, 'renew').price,
      isPremium: one.isPremium,
      currency: 'USD',
    };
  }

  /** Platform holdings first (one query), then the registrar for the rest. */
  private async availability(em: EntityManager, names: DomainName[]) {
    const ascii = names.map((n) => n.ascii);
    const held = new Set(
      (
        await crossTenantSql(em, 'availability: whether a name is held on the platform, nothing more').rows<{
          domain_name: string;
        }>(
          sql`select domain_name from domains.domains where status <> 'TRANSFERRED_OUT' and domain_name in (select jsonb_array_elements_text(${JSON.stringify(ascii)}::jsonb))`,
        )
      ).map((r) => r.domain_name),
    );
    const open = ascii.filter((n) => !held.has(n));
    const registrar =
      open.length > 0 ? await this.deps.registrar.check(registrarCall(em, this.deps.clock), open) : new Map();
    return new Map(
      names.map((n) => {
        const q = quote(this.deps.domains, n, 'register');
        const answer = registrar.get(n.ascii);
        const isPremium = q.isPremium || answer?.isPremium === true;
        return [
          n.ascii,
          { available: !held.has(n.ascii) && answer?.available === true, price: answer?.price ?? q.price, isPremium },
        ];
      }),
    );
  }

  private tldsOf(requested: string[] | undefined, hint: string | null): string[] {
    const supported = this.deps.domains.tlds;
    const list = (requested && requested.length > 0 ? requested : Object.keys(supported)).map((t) =>
      t.trim().toLowerCase().replace(/^\./, ''),
    );
    for (const tld of list) {
      if (!Object.prototype.hasOwnProperty.call(supported, tld))
        throw new DomainError('TLD_NOT_SUPPORTED', `.${tld} is not offered`, {
          field: 'tlds',
          received: tld,
          expected: Object.keys(supported),
        });
    }
    if (hint && Object.prototype.hasOwnProperty.call(supported, hint)) return [hint, ...list.filter((t) => t !== hint)];
    if (hint)
      throw new DomainError('TLD_NOT_SUPPORTED', `.${hint} is not offered`, {
        field: 'query',
        received: hint,
        expected: Object.keys(supported),
      });
    return [...new Set(list)];
  }
}

/** `Acme Shop` → words [acme, shop]; `acme.io` → [acme] with the hint `io`. */
function splitQuery(query: string): { words: string[]; tldHint: string | null } {
  const trimmed = query.trim().toLowerCase();
  const dot = trimmed.indexOf('.');
  const term = dot >= 0 ? trimmed.slice(0, dot) : trimmed;
  const tldHint = dot >= 0 ? trimmed.slice(dot + 1) || null : null;
  const words = term.split(/[\s_]+/).filter(Boolean);
  if (words.length === 0) throw badTerm(query);
  return { words, tldHint };
}

function toLabel(text: string, query: string): string {
  const ascii = toAsciiName(text);
  if (!ascii || ascii.includes('.')) throw badTerm(query);
  return ascii;
}

const badTerm = (query: string) =>
  new DomainError(
    'INVALID_DOMAIN_NAME',
    'The search term must make a valid domain label (letters, digits, hyphens; 63 at most)',
    { field: 'query', received: query.slice(0, 300), expected: 'e.g. acme, acme shop or acme.io' },
  );

function safeParse(name: string, tlds: Record<string, unknown>): DomainName | null {
  try {
    return parseDomainName(name, tlds);
  } catch {
    return null;
  }
}
