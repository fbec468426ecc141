import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { TransferStatus } from './domain-status.js';
import type { ContactData } from './contact.js';

/** A transfer-in requested by an organization. One PENDING transfer per name across the platform (partial unique index). */
@Entity({ schema: 'domains', tableName: 'transfers' })
export class DomainTransfer extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'completedAt' | 'failureReason';

  @PrimaryKey({ type: 'text' })
  id!: string;

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

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
