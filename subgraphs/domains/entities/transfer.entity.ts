import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import type { TransferStatus } from './domain-status.js';
import type { ContactData } from './contact.js';

/** A transfer-in requested by an organization. One PENDING transfer per name across the platform (partial unique index). */
@Entity({ schema: 'domains', tableName: 'transfers' })
export class DomainTransfer extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'completedAt' | 'failureReason';

  @Property({ type: 'text' })
  domainName!: string;

  @Property({ type: 'text' })
  status!: TransferStatus;

  @Property({ type: 'jsonb' })
  registrant!: ContactData;

  @Property({ type: 'numeric', columnType: 'numeric(12,2)' })
  price!: string;

  /** When the registrar is expected to finish (the sandbox finishes exactly then). */
  @Property({ type: 'timestamptz' })
  completesAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  failureReason: string | null = null;
}
