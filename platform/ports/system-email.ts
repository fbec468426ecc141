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
  /**
   * Tells the sender what became of the message: when it is delivered or bounces, the email module enqueues job `name`
   * (EmailOutcomeData, `ref` given back) in the transaction that records it, on the job store every process shares.
   * A job rather than a callback or an event sink, so it reaches the sender's worker in whichever process that runs
   * (split mode) and waits while it is down (an agent mailbox's sent message moves to delivered or bounced).
   */
  outcomeJob?: { name: string; ref: string };
}

/** The data of a SystemEmail's `outcomeJob`. */
export interface EmailOutcomeData {
  organizationId: string;
  /** The sender's `outcomeJob.ref`. */
  ref: string;
  /** The email module's message id (the one `send` returned). */
  emailMessageId: string;
  outcome: 'delivered' | 'bounced';
  /** The receiving server's answer, for a bounce. */
  reason: string | null;
  bounceType: 'hard' | 'soft' | null;
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
