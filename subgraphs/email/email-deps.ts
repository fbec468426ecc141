import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { MailTransport } from './sending/mail-transport.js';
import type { DkimKeys } from '../../platform/mail/dkim-keys.js';

/** What the email module's services use. */
export interface EmailDeps extends PlatformDeps {
  transport: MailTransport;
  /** True for the local capture transport: accepted mail is delivered at once and its MIME kept. */
  captureMode: boolean;
  /** Per-domain DKIM keys (platform data: the domains and mailboxes modules publish them), the send job's signing keys. */
  dkimKeys: DkimKeys;
}
