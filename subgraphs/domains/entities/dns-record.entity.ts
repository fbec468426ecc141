import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** The record types the API manages. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/**
 * One record of a zone, stored in canonical form: `name` relative to the zone (`@` for the apex), lower case;
 * `rdataKey` is the canonical value with its priority, unique per (domain, name, type), so an exact duplicate is refused by
 * the database.
 */
@Entity({ schema: 'domains', tableName: 'dns_records' })
export class DnsRecord extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Property({ type: 'text' })
  domainId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  type!: DnsRecordType;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'integer' })
  ttl!: number;

  /** MX and SRV. */
  @Property({ type: 'integer', nullable: true })
  priority!: number | null;

  @Property({ type: 'text' })
  rdataKey!: string;
}
