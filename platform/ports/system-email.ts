import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * An email the platform sends for an organization: a notice about its own account (a webhook disabled, ...), or,
 * with `to`, a message of a module's flow to an end user (an auth invitation, a booking confirmation).
 */
export interface SystemEmail {
  organizationId: string;
  /** Recipient; when absent, the organization's notification email. */
  to?: string;
  /** What it is about, e.g. `webhook.disabled`; kept as a tag on the message. */
  kind: string;
  subject: string;
  text: string;
  html?: string;
  /** Sender address; default the platform's notification sender. A module sending as its own address (a support inbox, an agent mailbox) sets it. */
  from?: string;
  cc?: string[];
  replyTo?: string[];
  /** Extra headers: threading (`Message-ID`, `In-Reply-To`, `References`); identity and addressing headers are the caller's to refuse. */
  headers?: Record<string, string>;
  /** Base64 contents, e.g. a calendar invite (`text/calendar`). */
  attachments?: { filename: string; content: string; contentType?: string }[];
  /**
   * Secrets that appear in `text`/`html` (a one-time token, the link that carries it). The stored copy (the
   * message row, `GET /emails/messages/{id}`, the capture store) shows `[redacted]` in their place; only the
   * message delivered to the recipient carries them.
   */
  redact?: string[];
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
