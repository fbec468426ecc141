import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { PlanName } from '../rate-limit/plans.js';

/** A tenant. Every other row belongs to one. */
@Entity({ schema: 'platform', tableName: 'organizations' })
export class Organization {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: true })
  slug!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  plan: PlanName = 'STARTER';

  /** Where the platform sends notices about this organization (failing webhooks, ...). */
  @Property({ type: 'text', nullable: true })
  notificationEmail?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
