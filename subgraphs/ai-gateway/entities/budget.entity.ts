import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

export type BudgetPeriod = 'day' | 'month';

// Not a TimestampedTenantRow: updatedAt changes only when the amount is replaced (the service sets it), not on every flush.
/** A spending limit in USD per UTC day or month, of the whole organization (keyId null) or of one gateway key. */
@Entity({ schema: 'ai_gateway', tableName: 'budgets' })
export class AiBudget extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'keyId';

  @PrimaryKey({ type: 'text' })
  id!: string;

  /** platform.api_keys.id of a gateway key; null: every request of the organization. */
  @Property({ type: 'uuid', nullable: true })
  keyId: string | null = null;

  @Property({ type: 'text' })
  period!: BudgetPeriod;

  @Property({ type: 'double' })
  amountUsd!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
