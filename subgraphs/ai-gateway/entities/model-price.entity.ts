import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: updatedAt changes only when the price is replaced (the service sets it), not on every flush.
/** An organization's own price for one provider's model (a negotiated rate, a self-hosted model's cost). */
@Entity({ schema: 'ai_gateway', tableName: 'model_prices' })
@Unique({ properties: ['organizationId', 'provider', 'model'] })
export class ModelPriceOverride extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  provider!: string;

  /** The model name at the provider (the part after `provider/`). */
  @Property({ type: 'text' })
  model!: string;

  /** USD per million prompt tokens. */
  @Property({ type: 'double' })
  inputPerMTok!: number;

  /** USD per million completion tokens. */
  @Property({ type: 'double' })
  outputPerMTok!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
