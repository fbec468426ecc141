/** The email module's configuration: the outgoing relay, its DKIM key and the system notices (docs/email.md). */
import { configSection } from '../../platform/config/config-section.js';

export interface EmailConfig {
  /** SMTP relay for outgoing email; the local capture transport when unset. */
  smtpUrl?: string;
  /** Pooled SMTP connections. */
  smtpPoolSize: number;
  /** Relay-wide DKIM signing, all three or none (a domain's own key comes first). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Fallback recipient of system notices (a webhook disabled) when the organization has no notification email. */
  notificationEmail?: string;
  /** Sender of system notices. */
  notificationFrom: string;
}

export const EMAIL_CONFIG = configSection('email', (env, shared): EmailConfig => {
  const names = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'];
  const dkimParts = names.map((name) => env.str(name));
  const dkimSet = env.allOrNone(names, dkimParts);
  return {
    smtpUrl: env.url('SMTP_URL', ['smtp:', 'smtps:']),
    smtpPoolSize: env.int('SMTP_POOL_SIZE', 5, 1, 100),
    dkim: dkimSet
      ? { domainName: dkimParts[0]!, keySelector: dkimParts[1]!, privateKey: dkimParts[2]!.replace(/\\n/g, '\n') }
      : undefined,
    notificationEmail: env.email('NOTIFICATION_EMAIL'),
    notificationFrom: env.str('NOTIFICATION_FROM') ?? `Platform notifications <notifications@${shared.publicHost}>`,
  };
});

declare module '../../platform/config/config-section.js' {
  interface ModuleConfigSections {
    email: EmailConfig;
  }
}
