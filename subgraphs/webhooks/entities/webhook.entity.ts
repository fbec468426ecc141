import { Entity, Index, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** A URL that receives the organization's events of the listed types. */
@ObjectType()
@Entity({ schema: 'webhooks', tableName: 'webhooks' })
@Index({ properties: ['organizationId', 'namespace', 'createdAt'] })
export class Webhook extends TimestampedTenantRow {
  [OptionalProps]?: 'active' | 'failed' | 'failedAt' | 'description' | 'filter' | 'createdAt' | 'updatedAt' | 'secret';

  @Field(() => ID)
  override id!: string;

  /** Which paths own it (`platform` for /webhooks; a module's name for its own webhook paths). */
  @Property({ type: 'text' })
  namespace!: string;

  @Field()
  @Property({ type: 'text' })
  url!: string;

  @Field(() => [String])
  @Property({ type: 'text[]' })
  events!: string[];

  @Field({ description: 'False when disabled by the caller or after 7 failed attempts of a delivery' })
  @Property({ type: 'boolean' })
  active: boolean = true;

  @Field({ description: 'Marked when a delivery exhausted its 7 attempts; cleared when re-activated' })
  @Property({ type: 'boolean' })
  failed: boolean = false;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  /** Event data the webhook is narrowed to (e.g. `{mailboxId}` for a mailbox's webhooks); null: every event of its types. */
  @Property({ type: 'jsonb', nullable: true })
  filter?: Record<string, string> | null;

  /** The signing secret, sealed with the platform encryption key (platform/crypto). */
  @Property({ type: 'text', hidden: true })
  secretSealed!: string;

  /** The plain secret, filled only in the answer to its creation: shown once. */
  @Field(() => String, {
    nullable: true,
    description: 'The signing secret; returned once, when the webhook is created',
  })
  @Property({ type: 'text', persist: false })
  secret?: string | null;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
