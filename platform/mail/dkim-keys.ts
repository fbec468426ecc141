import type { EntityManager } from '@mikro-orm/postgresql';

/** The public half of a domain's DKIM key: what its owner publishes in DNS. */
export interface DkimPublicKey {
  /** Lower-case domain, the `d=` of the signatures. */
  domain: string;
  /** The `s=` of the signatures. */
  selector: string;
  /** Base64 DER (SPKI), the `p=` of the record. */
  publicKey: string;
  /** `<selector>._domainkey.<domain>`: where the TXT record goes. */
  recordName: string;
  /** `v=DKIM1; k=rsa; p=<publicKey>`: the TXT record's value. */
  recordValue: string;
}

/**
 * Port for per-domain DKIM keys: declared here, implemented by the email module (subgraphs/email/dkim), which signs
 * every outbound message whose From domain has a key of the sending organization. The domains module's SERVICE_EMAIL
 * preset and the mailboxes' custom domains ask it for the record to publish; neither makes keys of its own.
 */
export interface DkimKeys {
  /**
   * The organization's key for `domain` (the caller's `tx`, scoped to the organization), made when it has none: RSA
   * 2048, the private half sealed with the platform's secret encryption. Idempotent: every caller gets the same key.
   */
  ensure(tx: EntityManager, domain: string): Promise<DkimPublicKey>;
}
