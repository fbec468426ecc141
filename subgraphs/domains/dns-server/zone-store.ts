import type { MikroORM } from '@mikro-orm/postgresql';
import { createPrivateKey } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { getDomain } from 'tldts';
import { NotificationListener } from '../../../platform/database/notification-listener.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import { ZONE_CHANNEL } from '../shared/domain-events.js';
import { buildZone, type Zone, type ZoneSource } from './zone.js';

interface ZoneRow {
  id: string;
  domain_name: string;
  soa_serial: string;
  nameservers: string[];
  dnssec_enabled: boolean;
  records: ZoneSource['records'];
  keys: { flags: number; key_tag: number; public_key: string; private_key_sealed: string }[];
}

/** Re-signs (reloads) a cached zone at least this often, whatever happens; signatures live two weeks. */
const RELOAD_AFTER_MS = 3_600_000;

/**
 * Zones as the DNS server reads them: loaded from PostgreSQL on first use, kept in memory (an LRU of zones and of
 * names that are no zone), and dropped when any process changes one (LISTEN on the zone channel; after a reconnect,
 * everything is dropped since notices may have been missed). Several processes can serve the same zones.
 */
export class ZoneStore {
  private readonly cache = new LRUCache<string, { zone: Zone | null }>({ max: 10_000, ttl: RELOAD_AFTER_MS });
  private readonly loading = new Map<string, Promise<Zone | null>>();
  private readonly listener: NotificationListener;
  /** Bumped by every invalidation, so a load that raced a change is not cached. */
  private generation = 0;

  constructor(
    private readonly options: { orm: MikroORM; logger: Logger; secrets: () => Promise<SecretBox>; now: () => number },
  ) {
    this.listener = new NotificationListener({
      databaseUrl: options.orm.config.get('clientUrl')!,
      channel: ZONE_CHANNEL,
      logger: options.logger,
      onNotify: (payload) => this.invalidate(payload),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  invalidate(domainName?: string): void {
    this.generation++;
    if (domainName) this.cache.delete(domainName);
    else this.cache.clear();
  }

  /** The cached zone of an apex, without loading it (undefined when absent or stale). */
  current(apex: string): Zone | null | undefined {
    return this.cache.get(apex)?.zone;
  }

  /** zoneFor() without a promise: the zone when it is in memory (null: no zone holds the name), undefined when it must be loaded. */
  zoneForNow(qname: string): Zone | null | undefined {
    const apex = getDomain(qname, { allowPrivateDomains: false });
    if (!apex) return null;
    return this.cache.get(apex)?.zone;
  }

  /** The zone a name falls in (the registrable name above it), or null when no active domain holds it. */
  async zoneFor(qname: string): Promise<Zone | null> {
    const apex = getDomain(qname, { allowPrivateDomains: false });
    if (!apex) return null;
    const cached = this.cache.get(apex);
    if (cached) return cached.zone;
    let pending = this.loading.get(apex);
    if (!pending) {
      const generation = this.generation;
      pending = this.load(apex)
        .then((zone) => {
          if (generation === this.generation) this.cache.set(apex, { zone });
          return zone;
        })
        .finally(() => this.loading.delete(apex));
      this.loading.set(apex, pending);
    }
    return pending;
  }

  private async load(apex: string): Promise<Zone | null> {
    const em = this.options.orm.em.fork({ clear: true, useContext: false, disableFilters: true } as never);
    const [row] = await crossTenantSql(em, 'the DNS server answers every active zone on the platform')
      .rows<ZoneRow>(sql`
      select d.id, d.domain_name, d.soa_serial, d.nameservers, d.dnssec_enabled,
        coalesce((select json_agg(json_build_object('name', r.name, 'type', r.type, 'value', r.value, 'ttl', r.ttl, 'priority', r.priority))
                  from domains.dns_records r where r.domain_id = d.id), '[]') as records,
        coalesce((select json_agg(json_build_object('flags', k.flags, 'key_tag', k.key_tag, 'public_key', k.public_key, 'private_key_sealed', k.private_key_sealed))
                  from domains.dnssec_keys k where k.domain_id = d.id), '[]') as keys
      from domains.domains d where d.domain_name = ${apex} and d.status = 'ACTIVE'`);
    if (!row) return null;
    let keys: ZoneSource['keys'];
    if (row.dnssec_enabled && row.keys.length > 0) {
      const box = await this.options.secrets();
      keys = row.keys.map((k) => ({
        flags: k.flags,
        keyTag: k.key_tag,
        publicKey: Buffer.from(k.public_key, 'base64'),
        privateKey: createPrivateKey(box.open(k.private_key_sealed, `dnssec:${row.id}`)),
      }));
    }
    return buildZone(
      {
        name: row.domain_name,
        serial: Number(row.soa_serial),
        nameservers: row.nameservers,
        records: row.records,
        keys,
      },
      this.options.now(),
    );
  }
}
