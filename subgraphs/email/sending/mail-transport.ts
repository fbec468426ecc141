/** Hands one built message to SMTP (or to an in-memory capture) and reports the outcome in terms a retrying job can act on. */
import nodemailer from 'nodemailer';
import type { NodemailerError, SendMailOptions, Transporter } from 'nodemailer';
import { bareAddress } from './address.js';

export interface OutgoingMail {
  /** Our public message id; becomes the local part of the Message-ID header. */
  messageId: string;
  /** Sender, `user@example.com` or `Name <user@example.com>`; its domain names the Message-ID. */
  from: string;
  /** Primary recipients. */
  to: string[];
  /** Carbon-copy recipients. */
  cc?: string[];
  /** Blind-copy recipients; in the envelope, never in the headers. */
  bcc?: string[];
  /** Addresses replies go to. */
  replyTo?: string[];
  /** Subject line. */
  subject: string;
  /** HTML body. */
  html?: string;
  /** Plain-text body. */
  text?: string;
  /** Extra headers (e.g. List-Unsubscribe); the standard fields above win over same-named ones. */
  headers?: Record<string, string>;
  /** Files attached to the message. */
  attachments?: { filename: string; content: string /* base64 */; contentType?: string }[];
  /** The From domain's own DKIM key; replaces the transport's key (DKIM_*) for this message. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export type SendOutcome =
  /** `mime` is set by the capture transport only; `rejectedRecipients` lists recipients the server refused while accepting the rest. */
  | { kind: 'accepted'; response: string; providerMessageId: string; mime?: string; rejectedRecipients?: string[] }
  /** The server (or nodemailer, for a malformed message) refused it; permanent ones must not be retried. */
  | { kind: 'rejected'; permanent: boolean; responseCode?: number; response: string }
  /** The message never reached a verdict (connection refused, timeout, dropped socket): retry later. */
  | { kind: 'failed'; error: string };

export interface MailTransport {
  /** Never throws: every problem comes back as an outcome. */
  send(mail: OutgoingMail): Promise<SendOutcome>;
  /** Closes pooled connections; in-flight messages finish first. */
  close(): void;
}

export interface SmtpTransportOptions {
  /** `smtp://` or `smtps://` URL, credentials included (EmailConfig.smtpUrl). */
  url: string;
  /** Pooled connections kept open (Config.smtpPoolSize). */
  poolSize: number;
  /** DKIM signing key; unsigned when absent (Config.dkim). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

// RFC 8058 §4 requires the signature to cover List-Unsubscribe-Post, which nodemailer's default list leaves out.
const DKIM_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive';

// Nodemailer codes for a message it refused to build or send, before or without any SMTP reply: retrying cannot help.
const MESSAGE_ERROR_CODES = new Set([
  'EENVELOPE',
  'EMESSAGE',
  'EMAXRECIPIENTS',
  'EOTP',
  'EFILEACCESS',
  'EURLACCESS',
  'ESTREAM',
]);

/** Pooled SMTP through nodemailer. */
export function createSmtpTransport(opts: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({
    pool: true,
    url: opts.url,
    maxConnections: opts.poolSize,
    // A job waits on each send, so give up well before nodemailer's minutes-long defaults.
    connectionTimeout: 15_000,
    // The relay's name: a resolver that never answers fails the send in 5 s (connectionTimeout covers the rest).
    dnsTimeout: 5_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    // Content comes from API callers: never let it name a local file or a URL for nodemailer to read.
    disableFileAccess: true,
    disableUrlAccess: true,
    dkim: opts.dkim ? { ...opts.dkim, headerFieldNames: DKIM_HEADERS } : undefined,
  });
  return wrap(transporter, (info) => ({ response: String(info.response ?? '') }));
}

/** Builds the real MIME in memory and reports it as accepted, so the platform works without an SMTP relay. */
export function createCaptureTransport(): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return wrap(transporter, (info) => ({
    response: 'captured',
    mime: Buffer.isBuffer(info.message) ? info.message.toString('utf8') : undefined,
  }));
}

/** `<{messageId}@{domain of from}>`: bounces quote it back, and the local part leads straight to our record. */
export function rfc5322MessageId(mail: Pick<OutgoingMail, 'messageId' | 'from'>): string {
  const address = bareAddress(mail.from);
  const domain = address.slice(address.lastIndexOf('@') + 1) || 'localhost';
  return `<${mail.messageId}@${domain}>`;
}

/** Maps a nodemailer error to an outcome: an SMTP reply code is a verdict, anything else is a connection problem. */
export function classifySendError(error: unknown): SendOutcome {
  const err = (error ?? {}) as NodemailerError;
  const message = typeof err.message === 'string' ? err.message : String(error);
  const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  if (code !== undefined && code >= 400 && code < 600) {
    // 503 is "bad sequence of commands": a session problem, not a verdict on the message (RFC 5321 §4.2.4).
    return {
      kind: 'rejected',
      permanent: code >= 500 && code !== 503,
      responseCode: code,
      response: err.response ?? message,
    };
  }
  if (err.code !== undefined && MESSAGE_ERROR_CODES.has(err.code))
    return { kind: 'rejected', permanent: true, response: message };
  return { kind: 'failed', error: err.code ? `${err.code}: ${message}` : message };
}

type Info = { response?: unknown; message?: unknown; rejected?: unknown };

function wrap(transporter: Transporter, describe: (info: Info) => { response: string; mime?: string }): MailTransport {
  return {
    async send(mail) {
      const providerMessageId = rfc5322MessageId(mail);
      try {
        const info = (await transporter.sendMail(toNodemailer(mail, providerMessageId))) as Info;
        const rejected = Array.isArray(info.rejected) ? info.rejected.map(String) : [];
        const outcome: SendOutcome = { kind: 'accepted', providerMessageId, ...describe(info) };
        if (outcome.mime === undefined) delete outcome.mime;
        if (rejected.length > 0) outcome.rejectedRecipients = rejected;
        return outcome;
      } catch (error) {
        return classifySendError(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

function toNodemailer(mail: OutgoingMail, messageId: string): SendMailOptions {
  return {
    messageId,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      encoding: 'base64',
      contentType: a.contentType,
    })),
    // No "X-Mailer: Nodemailer" advertising the library and version to every recipient.
    xMailer: false,
    ...(mail.dkim ? { dkim: { ...mail.dkim, headerFieldNames: DKIM_HEADERS } } : {}),
  };
}
