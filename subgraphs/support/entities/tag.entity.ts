import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** A conversation tag, created on first use; names are unique per organization (case-insensitive). */
@Entity({ schema: 'support', tableName: 'tags' })
export class SupportTag extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}

/** A tag on a conversation. */
@Entity({ schema: 'support', tableName: 'conversation_tags' })
export class ConversationTag extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  conversationId!: string;

  @Property({ type: 'text' })
  tagId!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
