import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import type { DomainStatus } from './domain-status.js';
import type { ContactSet } from './contact.js';

/**
 * A domain an organization holds. `domainName` is the A-label form; one row per name among those not transferred out,
 * across every organization (a partial unique index), so a name is never held twice on the platform.
 */
@Entity({ schema: 'domains', tableName: 'domains' })
export class Domain extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'dnssecEnabled' | 'soaSerial' | 'expiryNoticeFor';

  @Property({ type: 'text' })
  domainName!: string;

  /** The name as people read it (U-labels); equal to domainName for ASCII names. */
  @Property({ type: 'text' })
  unicodeName!: string;

  @Property({ type: 'text' })
  tld!: string;

  @Property({ type: 'text' })
  status!: DomainStatus;

  @Property({ type: 'timestamptz' })
  registeredAt!: Date;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'boolean' })
  autoRenew!: boolean;

  @Property({ type: 'boolean' })
  whoisPrivacy!: boolean;

  @Property({ type: 'boolean' })
  registrarLock!: boolean;

  @Property({ type: 'jsonb' })
  nameservers!: string[];

  @Property({ type: 'jsonb' })
  contacts!: ContactSet;

  @Property({ type: 'boolean' })
  dnssecEnabled: boolean = false;

  /** SOA serial (YYYYMMDDnn); bumped by every change of the zone. */
  @Property({ type: 'bigint' })
  soaSerial: string = '1';

  /** The expiry for which domain.expiring_soon was sent: once per expiry cycle. */
  @Property({ type: 'timestamptz', nullable: true })
  expiryNoticeFor: Date | null = null;
}
