import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { DomainsConfig } from './domains-config.js';
import type { Registrar } from './registrar/registrar.port.js';
import type { JobClock } from '../../platform/clock/job-clock.js';
import type { DkimKeys } from '../../platform/mail/dkim-keys.js';

/** What the domains services, jobs and DNS server use. */
export interface DomainsDeps extends PlatformDeps {
  domains: DomainsConfig;
  registrar: Registrar;
  clock: JobClock;
  /** Seals DNSSEC private keys at rest. */
  secrets(): Promise<SecretBox>;
  /** Per-domain DKIM keys (platform data): the SERVICE_EMAIL preset publishes the key the email module signs with. */
  dkimKeys: DkimKeys;
}
