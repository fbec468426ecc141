import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

export const MEMBER_ROLES = ['agent', 'admin'] as const;
export const AVAILABILITY = ['available', 'busy', 'offline'] as const;

/** An auth user (`user_…`) working an inbox. `lastAssignedAt` orders the round-robin. */
@Entity({ schema: 'support', tableName: 'inbox_members' })
export class InboxMember extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'name' | 'email' | 'lastAssignedAt' | 'status';

  @Property({ type: 'text' })
  inboxId!: string;

  @Property({ type: 'text' })
  userId!: string;

  /** Shown to visitors as `{{agent.name}}`; support cannot read auth's users, so it keeps its own copy. */
  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text' })
  role!: string;

  @Property({ type: 'text' })
  status: string = 'available';

  @Property({ type: 'timestamptz', nullable: true })
  lastAssignedAt: Date | null = null;
}
