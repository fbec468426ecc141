import { Resolver } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '../logging/logger.js';
import type { InboundMailHandler, MailAuthVerdicts } from './inbound-mail.js';
import { HeaderLimitCheck } from './header-limits.js';
import { MailWorker, type MailUpload, type SenderFacts } from './mail-worker.js';

/** mailauth's DNS function: `(name, rrtype)` → records, as `dns.promises.resolve` answers. */
export type MailAuthResolver = (name: string, rrtype: string) => Promise<string[][] | string[]>;

export interface InboundSmtpOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host: string;
  /** Largest message accepted, announced in EHLO (SIZE) and enforced on DATA (552). */
  maxBytes: number;
  /** Every module's claim on inbound mail, asked in order at RCPT TO. */
  handlers: InboundMailHandler[];
  /**
   * The one module that owns an address (the platform's inbound address namespace), by handler name; null when none
   * does. When given, only that module is asked; otherwise the first handler that claims the address gets it.
   */
  ownerOf?: (address: string) => Promise<string | null>;
  logger: Logger;
  /** DNS for the SPF, DKIM and DMARC checks; default node:dns over `dnsServer` (or the system's resolvers). */
  resolver?: MailAuthResolver;
  /** `host:port` of the resolver (DNS_RESOLVER). */
  dnsServer?: string;
  /** The name this server gives in its banner and Received/Authentication-Results. */
  hostname?: string;
}

/** The running listener. */
export interface InboundSmtp {
  port: number;
  /**
   * Stops listening; sessions still open after `graceMs` (default 2 s) get `421` and are closed. smtp-server's own
   * default waits 30 s for an idle client, past any shutdown deadline. A message is acknowledged (250) only once
   * delivered to its modules, so a sender cut short by 421 retries it later: nothing acknowledged is lost.
   */
  close(graceMs?: number): Promise<void>;
}

export const SMTP_CLOSE_GRACE_MS = 2_000;

interface Claims {
  byHandler: Map<InboundMailHandler, Set<string>>;
}

const AUTH_DEADLINE_MS = 15_000;
/** Recipients of one message (RFC 5321 asks servers to take at least 100); more get 452, the client sends them again. */
export const MAX_RECIPIENTS = 100;
/**
 * Refused recipients on one connection before it is closed with 421: probing many addresses (a directory harvest)
 * must not tell which exist at the speed of a loop.
 */
export const MAX_REFUSED_RECIPIENTS = 20;
const UNKNOWN: MailAuthVerdicts = { spf: 'none', dkim: 'none', dmarc: 'none' };

/**
 * The platform's one inbound SMTP listener (smtp-server). At RCPT TO it asks the modules whose address it is (550
 * when none claims it, and only its one owner in the platform's inbound address namespace; 421 and the connection
 * closed after too many); while DATA streams in it checks the header block against its limits (552 over them, before
 * any parsing); after DATA it parses the message (mailparser) and computes SPF, DKIM and DMARC verdicts (mailauth),
 * both in a worker thread, and hands the message to each claiming module with its recipients. A module that fails
 * for a passing reason answers 451, so the sender retries; modules drop a Message-ID they already stored.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const resolver = options.resolver ?? systemResolver(options.dnsServer);
  const worker = new MailWorker(resolver);
  const sessions = new WeakMap<SMTPServerSession, Claims>();
  const refusedRecipients = new WeakMap<SMTPServerSession, number>();
  const claimsOf = (session: SMTPServerSession) => {
    let claims = sessions.get(session);
    if (!claims) sessions.set(session, (claims = { byHandler: new Map() }));
    return claims;
  };
  const server = new SMTPServer({
    name: options.hostname,
    banner: 'platform inbound mail',
    size: options.maxBytes,
    maxRecipients: MAX_RECIPIENTS,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onMailFrom(_address, session, callback) {
      sessions.set(session, { byHandler: new Map() }); // a new transaction on the same connection starts clean
      callback();
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const rcpt = address.address.toLowerCase();
      void (async () => {
        let claimed = false;
        // Exactly one owner per address: a message is never stored in two organizations.
        const owner = options.ownerOf ? await options.ownerOf(rcpt) : undefined;
        for (const handler of options.handlers) {
          if (owner !== undefined && handler.name !== owner) continue;
          if (!(await handler.claims(rcpt))) continue;
          claimed = true;
          const set = claimsOf(session).byHandler.get(handler) ?? new Set<string>();
          set.add(rcpt);
          claimsOf(session).byHandler.set(handler, set);
          break;
        }
        if (claimed) return callback();
        const refused = (refusedRecipients.get(session) ?? 0) + 1;
        refusedRecipients.set(session, refused);
        if (refused >= MAX_REFUSED_RECIPIENTS)
          return callback(smtpError(421, '4.7.0 Too many unknown recipients; closing the connection'));
        callback(smtpError(550, `5.1.1 <${rcpt}>: no such mailbox here`));
      })().catch((error: Error) => {
        options.logger.error('inbound smtp: recipient check failed', { error: error.message });
        callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
      });
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      // Our copy for the claimants, and the worker's, sent chunk by chunk as it arrives (see MailUpload).
      const chunks: Buffer[] = [];
      const upload = worker.upload();
      const header = new HeaderLimitCheck();
      let refused = false;
      stream.on('data', (chunk: Buffer) => {
        // Over a header limit, the rest is read and dropped: the client gets its answer after the final dot.
        if (refused || (refused = Boolean(header.push(chunk)))) {
          chunks.length = 0;
          upload.drop();
          return;
        }
        chunks.push(chunk);
        upload.push(chunk);
      });
      stream.on('error', (error) => {
        upload.drop();
        callback(error);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          upload.drop();
          return callback(smtpError(552, `5.3.4 Message exceeds the ${options.maxBytes} byte limit`));
        }
        const problem = header.end();
        if (problem) {
          upload.drop();
          return callback(smtpError(552, `5.3.4 Message refused: ${problem}`));
        }
        deliver(chunks, upload, session).then(
          (outcome) => {
            if (outcome === 'retry') return callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
            if (outcome === 'refused')
              return callback(smtpError(554, '5.6.0 Message refused: it cannot be stored as sent'));
            callback();
          },
          (error: Error) => {
            options.logger.error('inbound smtp: delivery failed', { error: error.message });
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },
  });

  async function deliver(chunks: Buffer[], upload: MailUpload, session: SMTPServerSession) {
    const claims = sessions.get(session)?.byHandler ?? new Map<InboundMailHandler, Set<string>>();
    const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const sender: SenderFacts = {
      ip: session.remoteAddress.replace(/^::ffff:/, ''),
      helo: session.hostNameAppearsAs,
      sender: mailFrom,
      mta: options.hostname ?? 'localhost',
    };
    // Parsing (worker thread) and the SPF/DKIM/DMARC checks (DNS) wait at the same time. A signed message is
    // authenticated on the worker's copy; otherwise only a copy of its header block crosses.
    const header = headerOnly(chunks);
    const examined = upload.examine(header ? undefined : sender);
    const [parsed, auth] = await Promise.all([
      examined.parsed,
      verdicts(examined.verdicts ?? worker.authenticate(header!, sender)),
    ]);
    const receivedAt = new Date();
    // Joined only when a claimant reads it (a delivery report): copying 10 MB into a new buffer was one slice of the
    // main thread that grew with the message, and storing a message reads only `parsed`.
    let raw: Buffer | undefined;
    // Each claimant on its own: one that fails does not undo the others. A passing failure (database busy) asks the
    // sender to retry, and claimants that stored the message drop its Message-ID on the retry; a failure no retry
    // mends (data PostgreSQL refuses) is a 554 only when no claimant could store the message.
    const outcomes: DeliveryOutcome[] = [];
    for (const [handler, recipients] of claims) {
      try {
        await handler.deliver({
          get raw() {
            return (raw ??= Buffer.concat(chunks));
          },
          parsed,
          envelope: { from: mailFrom.toLowerCase(), to: [...recipients] },
          auth,
          remoteAddress: session.remoteAddress,
          receivedAt,
        });
        outcomes.push('stored');
      } catch (error) {
        const permanent = isPermanentFailure(error);
        options.logger.error('inbound smtp: delivery failed', {
          module: handler.name,
          permanent,
          error: (error as Error).message,
        });
        outcomes.push(permanent ? 'refused' : 'retry');
      }
    }
    if (outcomes.includes('retry')) return 'retry';
    if (outcomes.length > 0 && outcomes.every((o) => o === 'refused')) return 'refused';
    return 'stored';
  }

  async function verdicts(check: Promise<MailAuthVerdicts>): Promise<MailAuthVerdicts> {
    const timeout = new Promise<MailAuthVerdicts>((resolve) =>
      setTimeout(() => resolve({ spf: 'temperror', dkim: 'temperror', dmarc: 'temperror' }), AUTH_DEADLINE_MS).unref(),
    );
    return Promise.race([check, timeout]).catch((error: Error) => {
      options.logger.warn('inbound smtp: authentication checks failed', { error: error.message });
      return UNKNOWN;
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error: Error) => options.logger.warn('inbound smtp error', { error: error.message }));
  const port = (server.server.address() as AddressInfo).port;
  options.logger.info('inbound smtp listening', {
    host: options.host,
    port,
    modules: options.handlers.map((h) => h.name),
  });
  return {
    port,
    close: async (graceMs = SMTP_CLOSE_GRACE_MS) => {
      server.options.closeTimeout = Math.max(1, graceMs); // read by smtp-server when close() is called
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker.close();
    },
  };
}

/**
 * What mailauth reads of a message: all of it when a header is a DKIM or ARC signature (it hashes the body for each),
 * else the header block alone. Without a signature it uses nothing of the body, but still walks it byte by byte: 0.09 ms
 * of its 0.14 ms for a 51 KB message (1,000 calls, interleaved, load 12). The verdicts are the same either way.
 * Answers a copy of the header block (a view would carry the whole message across the thread boundary), or null when
 * mailauth needs the whole message. Reads only the chunks up to the blank line (the header limits bound them).
 */
function headerOnly(chunks: Buffer[]): Buffer | null {
  let head: Buffer = Buffer.alloc(0);
  let end = -1;
  for (let i = 0; i < chunks.length && end < 0; i++) {
    // From 3 bytes back: the blank line may straddle two chunks.
    const from = Math.max(0, head.length - 3);
    head = i === 0 ? chunks[0]! : Buffer.concat([head, chunks[i]!]);
    end = head.indexOf('\r\n\r\n', from);
  }
  if (end < 0) return null;
  const header = head.subarray(0, end + 4);
  return /^(?:dkim-signature|arc-message-signature|arc-seal)[ \t]*:/im.test(header.toString('latin1'))
    ? null
    : Buffer.from(header);
}

function systemResolver(server?: string): MailAuthResolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (server) resolver.setServers([server]);
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
}

/** What became of a message: stored by some claimant, refused by all of them for good, or to be retried. */
type DeliveryOutcome = 'stored' | 'refused' | 'retry';

/**
 * Failures that the same message would meet again: PostgreSQL's data exceptions (class 22: a value it cannot
 * represent) and integrity violations (class 23 other than a unique violation, which a redelivery hits harmlessly).
 */
function isPermanentFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || (code.startsWith('23') && code !== '23505'));
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}
