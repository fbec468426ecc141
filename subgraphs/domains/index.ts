import type { ModuleListener, PlatformDeps, SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { secretBoxFor } from '../../platform/crypto/encryption-key.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { Domain } from './entities/domain.entity.js';
import { DnsRecord } from './entities/dns-record.entity.js';
import { DnssecKey } from './entities/dnssec-key.entity.js';
import { DomainTransfer } from './entities/transfer.entity.js';
import { DomainResolver } from './domains/domain.resolver.js';
import { SearchResolver } from './search/search.resolver.js';
import { DnsRecordResolver } from './dns/dns-record.resolver.js';
import { DnssecResolver } from './dnssec/dnssec.resolver.js';
import { TransferResolver } from './transfers/transfer.resolver.js';
import { lifecycleJob, LIFECYCLE_JOB } from './jobs/lifecycle.job.js';
import { transferCheckJob } from './jobs/transfer-check.job.js';
import { registrarOf } from './registrar/registrar-of.js';
import type { Registrar } from './registrar/registrar.port.js';
import { systemClock, type JobClock } from '../../platform/clock/job-clock.js';
import { DnsServer } from './dns-server/dns-server.js';
import { ZoneStore } from './dns-server/zone-store.js';
import { Migration20261125120000_domains } from './migrations/Migration20261125120000_domains.js';
import { Migration20261125170000_domains_dkim_port } from './migrations/Migration20261125170000_domains_dkim_port.js';
import { DkimKeys } from '../../platform/mail/dkim-keys.js';
import type { DomainsDeps } from './domains-deps.js';
import { DOMAINS_ERROR_CODES } from './domains-error-codes.js';

export interface DomainsModuleOptions {
  /** Now, for expiry and the lifecycle sweep; default the wall clock. */
  clock?: JobClock;
  /** Replaces the configured registrar (tests). */
  registrar?: Registrar;
  /** Serve zones over DNS (default true). */
  dns?: boolean;
}

/** The domains module: registrar behind an adapter, DNS records, an authoritative DNS server, DNSSEC, lifecycle jobs. */
export function domainsModule(options: DomainsModuleOptions = {}): SubgraphModule {
  let deps: DomainsDeps | undefined;
  const depsFor = (platform: PlatformDeps): DomainsDeps => {
    if (deps) return deps;
    let box: Promise<SecretBox> | undefined;
    deps = {
      ...platform,
      domains: platform.config.domains,
      registrar: options.registrar ?? registrarOf(platform.config.domains),
      clock: options.clock ?? systemClock,
      dkimKeys: new DkimKeys(platform),
      secrets: () => (box ??= secretBoxFor(platform.orm, platform.config.encryptionKey, platform.logger)),
    };
    return deps;
  };
  return {
    name: 'domains',
    errorCodes: DOMAINS_ERROR_CODES,
    data: {
      entities: [Domain, DnsRecord, DnssecKey, DomainTransfer],
      migrations: [
        { name: 'Migration20261125120000_domains', class: Migration20261125120000_domains },
        { name: 'Migration20261125170000_domains_dkim_port', class: Migration20261125170000_domains_dkim_port },
      ],
    },
    defineJobs: (platform) => {
      platform.jobs.define(lifecycleJob(depsFor(platform)));
      platform.jobs.define(transferCheckJob(depsFor(platform)));
    },
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers: [DomainResolver, SearchResolver, DnsRecordResolver, DnssecResolver, TransferResolver],
        container: moduleContainer(depsFor(platform)) as never,
      }),
    // After jobs start: the lifecycle schedule (one per job store, however many processes) and the DNS listener.
    startListeners: async (platform): Promise<ModuleListener[]> => {
      const d = depsFor(platform);
      await platform.jobs.every(d.domains.lifecycleInterval, LIFECYCLE_JOB);
      if (options.dns === false) return [];
      const zones = new ZoneStore({
        orm: d.orm,
        logger: d.logger,
        secrets: d.secrets,
        now: () => d.clock.now().getTime(),
      });
      await zones.start();
      const server = new DnsServer({
        host: d.domains.dnsHost,
        port: d.domains.dnsPort,
        responsesPerSecond: d.domains.dnsResponsesPerSecond,
        zones,
        logger: d.logger,
      });
      try {
        await server.start();
      } catch (error) {
        await zones.stop();
        throw error;
      }
      d.logger.info('dns server listening', { host: d.domains.dnsHost, port: server.port });
      return [
        {
          name: 'dns',
          address: { host: d.domains.dnsHost, port: server.port },
          close: async () => {
            await server.close();
            await zones.stop();
          },
        },
      ];
    },
  };
}
