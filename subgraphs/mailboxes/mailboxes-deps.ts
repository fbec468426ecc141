import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { PlatformPorts } from '../../platform/ports/port-registry.js';
import type { DnsLookup } from './domains/dns-lookup.js';
import type { JobClock } from '../../platform/clock/job-clock.js';

/** What the mailboxes' services and jobs use. */
export interface MailboxesDeps extends PlatformDeps {
  clock: JobClock;
  /** The ports of this process (the email module's sender), read when needed. */
  ports(): PlatformPorts;
  /** DNS lookups of domain verification (DNS_RESOLVER, or the system's resolver). */
  dns: DnsLookup;
}
