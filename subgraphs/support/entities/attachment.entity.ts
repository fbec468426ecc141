import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** The bytes of a message attachment (metadata is copied on the message). */
@Entity({ schema: 'support', tableName: 'attachments' })
export class Attachment extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  messageId!: string;

  @Property({ type: 'text' })
  conversationId!: string;

  @Property({ type: 'text' })
  filename!: string;

  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
