import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** One DNS record's verdict after the last verification. */
export interface RecordCheck {
  type: 'MX' | 'TXT';
  name: string;
  /** For MX the host alone (rows written before MX carried `priority` hold "10 host"; read through domainView). */
  value: string;
  /** MX preference. */
  priority?: number | null;
  /** What the record is for: `mx`, `spf`, `dkim`, `dmarc`. */
  purpose: string;
  /** `verified`, `missing` (no matching record) or `error` (the lookup failed). */
  status: 'pending' | 'verified' | 'missing' | 'error';
  found: string[];
}

/** A custom sending and receiving domain; its DKIM key is the email module's (the DKIM-key port). */
@Entity({ schema: 'mailboxes', tableName: 'domains' })
export class MailDomain extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'verifiedAt' | 'lastCheckedAt';

  /** Lower-cased, unique across organizations. */
  @Property({ type: 'text' })
  domain!: string;

  /** `pending`, `verified` or `failed`. */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'jsonb' })
  records!: RecordCheck[];

  @Property({ type: 'timestamptz', nullable: true })
  verifiedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null = null;
}
