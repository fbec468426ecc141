import { startTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
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
}

/** The real stack with email (to read emailed tokens), webhooks and auth on the test clock. */
export async function startAuthPlatform(options: Omit<AuthModuleOptions, 'now'> = {}, env: Record<string, string> = {}): Promise<AuthTestPlatform> {
  const clock = new TestClock();
  const t = await startTestPlatform(env, { modules: [emailModule(), webhooksModule(), authModule({ ...options, now: clock.now })] });
  return Object.assign(t, { clock });
}

/** The token line of an emailed message (verification, reset, invitation), read through GET /emails/messages/{id}. */
export async function tokenFromEmail(t: TestPlatform, key: string, to: string, subject: RegExp): Promise<string> {
  const list = await t.request('GET', '/emails/messages?count=100', { key });
  const ids: string[] = list.body.data.map((m: { messageId: string }) => m.messageId);
  for (const id of ids) {
    const res = await t.request('GET', `/emails/messages/${id}`, { key });
    if (res.status !== 200) throw new Error(`GET /emails/messages/${id}: ${res.status} ${res.text}`);
    const message = res.body.data;
    if (message.to.includes(to) && subject.test(message.subject)) {
      const match = /token: (\S+)/.exec(message.text);
      if (match) return match[1]!;
    }
  }
  throw new Error(`no email to ${to} matching ${subject}`);
}
