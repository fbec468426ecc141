import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TenantRow: keyed by the platform key's uuid (keyId), not an id of its own.
/** What the gateway adds to a platform GATEWAY key: an optional expiry (platform.api_keys has none). */
@Entity({ schema: 'ai_gateway', tableName: 'gateway_keys' })
export class GatewayKeyMeta extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'expiresAt';

  /** platform.api_keys.id */
  @PrimaryKey({ type: 'uuid' })
  keyId!: string;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
