import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { MailTransport } from './sending/mail-transport.js';
import type { DkimKeyStore } from './dkim/dkim-key.store.js';

/** What the email module's services use. */
export interface EmailDeps extends PlatformDeps {
  transport: MailTransport;
  /** True for the local capture transport: accepted mail is delivered at once and its MIME kept. */
  captureMode: boolean;
  /** Per-domain DKIM keys: made for the domains and mailboxes modules through the port, used by the send job. */
  dkimKeys: DkimKeyStore;
}
