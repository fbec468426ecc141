import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { ChatMessage } from '../chat/chat-types.js';

// Not a TenantRow: the id is the response's own (resp_, minted before the answer exists, as OpenAI's ids are).
/** A Responses API answer kept for GET, DELETE and `previous_response_id` (when `store` was not false). */
@Entity({ schema: 'ai_gateway', tableName: 'responses' })
export class StoredResponse extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  /** The conversation up to this answer as chat messages (instructions excluded: they do not carry over). */
  @Property({ type: 'json' })
  messages!: ChatMessage[];

  /** The Response object as it was answered. */
  @Property({ type: 'json' })
  response!: Record<string, unknown>;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
