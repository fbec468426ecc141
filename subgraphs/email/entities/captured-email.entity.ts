import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TenantRow: keyed by the sent message's id (messageId).
/** The MIME the local capture transport produced, for `npm start` without SMTP_URL. */
@Entity({ schema: 'email', tableName: 'captured' })
export class CapturedEmail extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  messageId!: string;

  @Property({ type: 'text' })
  mime!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
