import type { ParsedMail } from 'mailparser';

/** Verdicts of the authentication checks run on a received message (mailauth). */
export interface MailAuthVerdicts {
  /** `pass`, `fail`, `softfail`, `neutral`, `none`, `temperror`, `permerror`. */
  spf: string;
  dkim: string;
  dmarc: string;
}

/** One message as the platform's inbound SMTP listener received it. */
export interface InboundMail {
  /** The message as it came over the wire (headers and body), joined from its DATA chunks when first read. */
  raw: Buffer;
  /** mailparser's reading of `raw`: headers, text, html, attachments. */
  parsed: ParsedMail;
  /** SMTP envelope: MAIL FROM and the RCPT TO addresses this handler claimed (lower-cased). */
  envelope: { from: string; to: string[] };
  /** SPF, DKIM and DMARC verdicts of the incoming mail. */
  auth: MailAuthVerdicts;
  /** The address of the connecting client. */
  remoteAddress: string;
  receivedAt: Date;
}

/**
 * A module's claim on inbound mail. The listener (platform/, one per process) asks every module at RCPT TO
 * whether it owns an address: unknown recipients are refused with 550 there. After DATA, each module gets
 * the message once with the recipients it claimed. Implemented by agent mailboxes and support inboxes.
 */
export interface InboundMailHandler {
  /** Module name, for logs. */
  name: string;
  /** Whether this module owns the address (lower-cased `local@domain`). Must be cheap: called per RCPT. */
  claims(address: string): Promise<boolean>;
  /** Stores the message for the recipients this module claimed. Throwing answers 451 (the sender retries). */
  deliver(mail: InboundMail): Promise<void>;
}
