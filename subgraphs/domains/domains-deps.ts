import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { DomainsConfig } from '../../platform/config/config.js';
import type { Registrar } from './registrar/registrar.port.js';
import type { JobClock } from '../../platform/clock/job-clock.js';
import type { PlatformPorts } from '../../platform/ports/port-registry.js';

/** What the domains services, jobs and DNS server use. */
export interface DomainsDeps extends PlatformDeps {
  domains: DomainsConfig;
  registrar: Registrar;
  clock: JobClock;
  /** Seals DNSSEC private keys at rest. */
  secrets(): Promise<SecretBox>;
  /** The ports of this process (the email module's DKIM keys), read when needed. */
  ports(): PlatformPorts;
}
