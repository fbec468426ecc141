import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: updatedAt changes only when the key is replaced (the service sets it), not on every flush.
/** An organization's key for one provider, sealed with the platform encryption key; never returned in plain text. */
@Entity({ schema: 'ai_gateway', tableName: 'provider_credentials' })
@Unique({ properties: ['organizationId', 'provider'] })
export class ProviderCredential extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'baseUrl';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  provider!: string;

  /** SecretBox-sealed, bound to `<organizationId>:<provider>`. */
  @Property({ type: 'text', hidden: true })
  sealedApiKey!: string;

  /** The last four characters, for telling keys apart. */
  @Property({ type: 'text' })
  apiKeyHint!: string;

  @Property({ type: 'text', nullable: true })
  baseUrl: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
