import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually, startTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { emailModule } from '../../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../../subgraphs/webhooks/index.js';
import { authModule, type AuthModuleOptions } from '../../../../subgraphs/auth/index.js';

/** A clock the tests move by hand: lockouts expire and TOTP steps pass without sleeping. */
export class TestClock {
  constructor(public ms = Date.UTC(2026, 10, 22, 12, 0, 0)) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface AuthTestPlatform extends TestPlatform {
  clock: TestClock;
  /** Every message the platform delivered over SMTP to the test's sink, in arrival order. */
  delivered: ParsedMail[];
}

/**
 * The real stack with email, webhooks and auth on the test clock. Email goes out over SMTP to a local sink
 * (SMTP_URL): emailed tokens are read from the delivered message, as a user would, since the stored copy
 * (GET /emails/messages/{id}) shows them redacted.
 */
export async function startAuthPlatform(
  options: Omit<AuthModuleOptions, 'now'> = {},
  env: Record<string, string> = {},
): Promise<AuthTestPlatform> {
  const clock = new TestClock();
  const delivered: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        delivered.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const t = await startTestPlatform(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, ...env },
    { modules: [emailModule(), webhooksModule(), authModule({ ...options, now: clock.now })] },
  );
  const stop = t.stop;
  return Object.assign(t, {
    clock,
    delivered,
    stop: async () => {
      await stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  });
}

const isTo = (mail: ParsedMail, to: string) =>
  [mail.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));

/** The platform's message id of a delivered mail (the local part of its Message-ID). */
export const messageIdOf = (mail: ParsedMail) => /^<([^@]+)@/.exec(mail.messageId ?? '')?.[1];

/** The token line of a delivered message (verification, reset, invitation), waiting for it to arrive. */
export async function tokenFromEmail(t: AuthTestPlatform, to: string, subject: RegExp): Promise<string> {
  const [token] = await tokensFromEmails(t, to, subject, 1);
  return token!;
}

/**
 * The token lines of the `count` delivered messages to `to` whose subject matches, newest first (by the order of
 * the stored messages: delivery order is the send job's, not the request's).
 */
export async function tokensFromEmails(
  t: AuthTestPlatform,
  to: string,
  subject: RegExp,
  count: number,
  key?: string,
): Promise<string[]> {
  const mails = await eventually(async () => {
    const found = t.delivered.filter(
      (m) => isTo(m, to) && subject.test(m.subject ?? '') && /token: \S+/.test(m.text ?? ''),
    );
    return found.length >= count ? found : null;
  });
  const tokenOf = (m: ParsedMail) => /token: (\S+)/.exec(m.text ?? '')![1]!;
  if (count === 1 || !key) return mails.map(tokenOf).reverse();
  const order: string[] = (await t.request('GET', '/emails/messages?count=100', { key })).body.data.map(
    (m: { messageId: string }) => m.messageId,
  );
  return mails.sort((a, b) => order.indexOf(messageIdOf(a)!) - order.indexOf(messageIdOf(b)!)).map(tokenOf);
}
