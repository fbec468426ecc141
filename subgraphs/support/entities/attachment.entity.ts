import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** The bytes of a message attachment (metadata is copied on the message). */
@Entity({ schema: 'support', tableName: 'attachments' })
export class Attachment extends TenantRow {
  [OptionalProps]?: 'createdAt';

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
}
