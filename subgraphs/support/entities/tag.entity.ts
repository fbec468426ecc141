import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** A conversation tag, created on first use; names are unique per organization (case-insensitive). */
@Entity({ schema: 'support', tableName: 'tags' })
export class SupportTag extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Property({ type: 'text' })
  name!: string;
}

/** A tag on a conversation. */
@Entity({ schema: 'support', tableName: 'conversation_tags' })
export class ConversationTag extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Property({ type: 'text' })
  conversationId!: string;

  @Property({ type: 'text' })
  tagId!: string;
}
