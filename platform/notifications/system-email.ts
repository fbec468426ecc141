import type { EntityManager } from '@mikro-orm/postgresql';

/** A notice the platform sends to an organization about its own account (a webhook disabled, ...). */
export interface SystemEmail {
  organizationId: string;
  /** What it is about, e.g. `webhook.disabled`; kept as a tag on the message. */
  kind: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Port for system notices: declared here, implemented by the email module (subgraphs/email/system-email), so a
 * module that needs to notify (the webhook engine) never imports another module.
 */
export interface SystemEmailSender {
  /**
   * Queues the notice in the caller's transaction (`tx` scoped to the organization), so it goes out only if the
   * change that caused it commits. Returns the message id, or null when the organization has no recipient.
   */
  send(tx: EntityManager, email: SystemEmail): Promise<string | null>;
}
