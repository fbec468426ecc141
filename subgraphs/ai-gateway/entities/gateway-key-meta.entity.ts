import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TenantRow: keyed by the platform key's uuid (keyId), not an id of its own.
/** What the gateway adds to a platform GATEWAY key: an optional expiry, a model allow-list and rate limits. */
@Entity({ schema: 'ai_gateway', tableName: 'gateway_keys' })
export class GatewayKeyMeta extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'expiresAt' | 'allowedModels' | 'requestsPerMinute' | 'tokensPerMinute';

  /** platform.api_keys.id */
  @PrimaryKey({ type: 'uuid' })
  keyId!: string;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;

  /** Model names (as requested) this key may call; null: any. */
  @Property({ type: 'json', nullable: true })
  allowedModels: string[] | null = null;

  /** Requests per minute this key may make (per process); null: only the plan's rate. */
  @Property({ type: 'integer', nullable: true })
  requestsPerMinute: number | null = null;

  /** Tokens per minute this key may use (per process); null: unlimited. */
  @Property({ type: 'integer', nullable: true })
  tokensPerMinute: number | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
