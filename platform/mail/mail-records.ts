import type { DkimPublicKey } from './dkim-keys.js';

/**
 * The DNS records a domain publishes for the platform's mail, defined once: the domains module's SERVICE_EMAIL preset,
 * the agent mailboxes' custom domains and the email module's signing keys (platform/mail/dkim-keys.ts) all use these,
 * so a domain set up through either module verifies in the other. See docs/decisions/0111-one-set-of-mail-records.md.
 */

/** What the records depend on: the platform's configuration. */
export interface MailRecordSettings {
  /** The one SPF `include:` of the platform's outgoing mail (MAIL_SPF_INCLUDE). */
  spfInclude: string;
  /** The platform's one inbound MX host (INBOUND_MX_HOST). */
  mxHost: string;
}

/** One record, its name fully qualified. */
export interface MailRecord {
  purpose: 'mx' | 'spf' | 'dkim' | 'dmarc';
  type: 'MX' | 'TXT';
  name: string;
  /** For MX the host alone; the preference is `priority`. */
  value: string;
  /** MX preference. */
  priority?: number;
}

/** The preference of the platform's MX record. */
export const MX_PRIORITY = 10;

export function spfRecordValue(settings: MailRecordSettings): string {
  return `v=spf1 include:${settings.spfInclude} ~all`;
}

/** DMARC in monitoring mode: tighten to quarantine or reject once reports look clean. */
export function dmarcRecordValue(domain: string): string {
  return `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`;
}

/** MX, SPF, DKIM and DMARC of `domain`, in that order. */
export function platformMailRecords(settings: MailRecordSettings, domain: string, dkim: DkimPublicKey): MailRecord[] {
  const name = domain.toLowerCase();
  return [
    { purpose: 'mx', type: 'MX', name, value: settings.mxHost, priority: MX_PRIORITY },
    { purpose: 'spf', type: 'TXT', name, value: spfRecordValue(settings) },
    { purpose: 'dkim', type: 'TXT', name: dkim.recordName, value: dkim.recordValue },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${name}`, value: dmarcRecordValue(name) },
  ];
}

/** Whether a published TXT record satisfies the record of `purpose`: an SPF including ours, our DKIM key, any DMARC policy. */
export function publishedTxtMatches(
  purpose: MailRecord['purpose'],
  expected: string,
  txt: string,
  settings: MailRecordSettings,
): boolean {
  const compact = txt.replace(/\s+/g, '');
  switch (purpose) {
    case 'spf':
      return (
        /^v=spf1\s/i.test(txt.trim()) &&
        txt.toLowerCase().split(/\s+/).includes(`include:${settings.spfInclude.toLowerCase()}`)
      );
    case 'dkim': {
      const key = (value: string) => /(?:^|;)p=([^;]+)/.exec(value.replace(/\s+/g, ''))?.[1];
      return /^v=DKIM1/i.test(compact) && key(compact) === key(expected);
    }
    case 'dmarc':
      return /^v=DMARC1;/i.test(compact) && /(?:^|;)p=(none|quarantine|reject)(?:;|$)/i.test(compact);
    default:
      return false;
  }
}
