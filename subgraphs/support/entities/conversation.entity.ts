import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** Statuses a caller may set with PUT; `snoozed` only comes from POST …/snooze. */
export const SETTABLE_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'resolved', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

// Not a TimestampedTenantRow: updatedAt comes from the module's clock in the conversation flow, not on every flush.
/** A conversation of one visitor in one inbox. Times feed the reporting events (Chatwoot's definitions). */
@Entity({ schema: 'support', tableName: 'conversations' })
export class Conversation extends TenantEntity {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'assigneeId'
    | 'subject'
    | 'snoozedUntil'
    | 'waitingSince'
    | 'firstReplyAt'
    | 'lastReopenedAt'
    | 'resolvedAt'
    | 'closedAt'
    | 'lastActivityAt'
    | 'clientKey';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  inboxId!: string;

  @Property({ type: 'text' })
  visitorId!: string;

  @Property({ type: 'text' })
  status!: ConversationStatus;

  /** The widget's Idempotency-Key of the start that opened it: starting again with it answers this conversation. */
  @Property({ type: 'text', nullable: true })
  clientKey: string | null = null;

  @Property({ type: 'text', nullable: true })
  assigneeId: string | null = null;

  /** `widget`, `email` or `api`. */
  @Property({ type: 'text' })
  channel!: string;

  /** The email subject of an email conversation. */
  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  snoozedUntil: Date | null = null;

  /** Since when the visitor has been waiting for an answer (set by a visitor message, cleared by a reply or resolve). */
  @Property({ type: 'timestamptz', nullable: true })
  waitingSince: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  firstReplyAt: Date | null = null;

  /** The last move from resolved, closed or snoozed back to open: where first response time starts again. */
  @Property({ type: 'timestamptz', nullable: true })
  lastReopenedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  closedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastActivityAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
