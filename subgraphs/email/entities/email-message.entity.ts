import { Entity, Enum, Index, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { EmailStatus } from './email-status.js';

@ObjectType('EmailTag')
export class EmailTag {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@ObjectType('EmailAttachmentInfo')
export class EmailAttachmentInfo {
  @Field()
  filename!: string;

  @Field({ nullable: true })
  contentType?: string;

  @Field(() => Int)
  size!: number;
}

/** One accepted email and everything that happened to it. */
@Directive('@key(fields: "id")')
@ObjectType()
@Entity({ schema: 'email', tableName: 'messages' })
@Index({ properties: ['organizationId', 'createdAt'] })
@Unique({ properties: ['organizationId', 'idempotencyKey'] })
export class EmailMessage extends TimestampedTenantRow {
  [OptionalProps]?:
    | 'status'
    | 'createdAt'
    | 'updatedAt'
    | 'openCount'
    | 'clickCount'
    | 'attempts'
    | 'cc'
    | 'bcc'
    | 'replyTo'
    | 'tags'
    | 'headers'
    | 'trackOpens'
    | 'trackClicks'
    | 'listUnsubscribe'
    | 'sealedContent'
    | 'outcomeJob';

  @Field(() => ID)
  override id!: string;

  @Field()
  @Property({ type: 'text', fieldName: 'from_address' })
  from!: string;

  @Field(() => [String])
  @Property({ type: 'text[]', fieldName: 'to_addresses' })
  to!: string[];

  @Field(() => [String])
  @Property({ type: 'text[]' })
  cc: string[] = [];

  @Field(() => [String])
  @Property({ type: 'text[]' })
  bcc: string[] = [];

  @Field(() => [String])
  @Property({ type: 'text[]' })
  replyTo: string[] = [];

  @Field()
  @Property({ type: 'text' })
  subject!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true, lazy: true })
  html?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true, lazy: true })
  text?: string | null;

  /** The real body (sealed, see system-email/redacted-content.ts) when `text`/`html` are redacted; null once sent. */
  @Property({ type: 'text', nullable: true, lazy: true })
  sealedContent?: string | null;

  /** A system email's `outcomeJob`: enqueued when the message is delivered or bounces (not shown in the API). */
  @Property({ type: 'jsonb', nullable: true })
  outcomeJob?: { name: string; ref: string } | null;

  @Field(() => JSONObject)
  @Property({ type: 'jsonb' })
  headers: Record<string, string> = {};

  @Field(() => [EmailTag])
  @Property({ type: 'jsonb' })
  tags: EmailTag[] = [];

  /** Attachment bodies (base64); only their names and sizes are exposed. */
  @Property({ type: 'jsonb', nullable: true, lazy: true })
  attachments?: { filename: string; content: string; contentType?: string }[] | null;

  @Field(() => [EmailAttachmentInfo])
  @Property({ type: 'jsonb' })
  attachmentInfo: EmailAttachmentInfo[] = [];

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  templateId?: string | null;

  @Field(() => EmailStatus)
  @Enum(() => EmailStatus)
  status: EmailStatus = EmailStatus.QUEUED;

  @Field(() => String, { nullable: true, description: 'hard or soft, when BOUNCED' })
  @Property({ type: 'text', nullable: true })
  bounceType?: string | null;

  @Field(() => String, { nullable: true, description: 'Last SMTP response or error' })
  @Property({ type: 'text', nullable: true })
  lastResponse?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 5322 Message-ID header' })
  @Property({ type: 'text', nullable: true })
  providerMessageId?: string | null;

  @Property({ type: 'int' })
  attempts: number = 0;

  @Field()
  @Property({ type: 'boolean' })
  trackOpens: boolean = false;

  @Field()
  @Property({ type: 'boolean' })
  trackClicks: boolean = false;

  @Field()
  @Property({ type: 'boolean' })
  listUnsubscribe: boolean = false;

  @Field(() => Int)
  @Property({ type: 'int' })
  openCount: number = 0;

  @Field(() => Int)
  @Property({ type: 'int' })
  clickCount: number = 0;

  @Property({ type: 'text', nullable: true })
  idempotencyKey?: string | null;

  @Field()
  override createdAt!: Date;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  bouncedAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  openedAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  clickedAt?: Date | null;

  @Field()
  override updatedAt!: Date;
}
