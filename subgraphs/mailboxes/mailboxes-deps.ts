import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { PlatformPorts } from '../../platform/ports/port-registry.js';
import type { DnsLookup } from './domains/dns-lookup.js';
import type { JobClock } from '../../platform/clock/job-clock.js';
import type { DkimKeys } from '../../platform/mail/dkim-keys.js';

/** What the mailboxes' services and jobs use. */
export interface MailboxesDeps extends PlatformDeps {
  clock: JobClock;
  /** The ports of this process (the email module's sender, the webhooks module's subscriptions), read when needed. */
  ports(): PlatformPorts;
  /** Per-domain DKIM keys (platform data): a custom domain publishes the key the email module signs with. */
  dkimKeys: DkimKeys;
  /** DNS lookups of domain verification (DNS_RESOLVER, or the system's resolver). */
  dns: DnsLookup;
}
