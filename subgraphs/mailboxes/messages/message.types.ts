import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, MaxLength, ValidateNested } from 'class-validator';
import { DateTime, JSONObject } from '../../../platform/graphql/scalars.js';
import { MailboxOffsetList } from '../shared/list-meta.type.js';

@InputType('MailboxAttachmentInput')
export class AttachmentInputType {
  @Field()
  @Length(1, 255)
  filename!: string;

  @Field({ description: 'Base64' })
  content!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(255)
  contentType?: string | null;
}

@InputType('MailboxSendInput')
export class SendInput {
  @Field({ description: 'Address (or mbx_ id) of one of your mailboxes' })
  @Length(1, 320)
  from!: string;

  @Field(() => [String])
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  to!: string[];

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(50)
  cc?: string[] | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(50)
  bcc?: string[] | null;

  @Field()
  @Length(1, 998)
  subject!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5_000_000)
  html?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5_000_000)
  text?: string | null;

  @Field(() => [AttachmentInputType], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  attachments?: AttachmentInputType[] | null;

  @Field(() => JSONObject, {
    nullable: true,
    description: 'Custom headers: name → value (free-form; addressing and identity headers are refused)',
  })
  @IsOptional()
  headers?: Record<string, unknown> | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(20)
  @MaxLength(100, { each: true })
  tags?: string[] | null;

  @Field(() => DateTime, { nullable: true, description: 'Send at this time instead of now' })
  @IsOptional()
  scheduledAt?: Date | null;
}

@InputType('MailboxBatchItemInput')
export class BatchItemInput {
  @Field()
  to!: string;

  @Field()
  subject!: string;

  @Field(() => String, { nullable: true })
  html?: string | null;

  @Field(() => String, { nullable: true })
  text?: string | null;
}

@InputType('MailboxBatchInput')
export class BatchInput {
  @Field()
  @Length(1, 320)
  from!: string;

  @Field(() => [BatchItemInput])
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  messages!: BatchItemInput[];
}

@InputType('MailboxReplyInput')
export class MailboxReplyInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5_000_000)
  html?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5_000_000)
  text?: string | null;

  @Field(() => [AttachmentInputType], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  attachments?: AttachmentInputType[] | null;
}

@InputType('MailboxForwardInput')
export class ForwardInput {
  @Field(() => [String])
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  to!: string[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5_000_000)
  html?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5_000_000)
  text?: string | null;
}

@ObjectType('MailboxSendResult')
export class SendResult {
  @Field(() => ID, { description: 'msg_…' })
  id!: string;

  @Field({ description: 'queued, or scheduled when scheduledAt is in the future' })
  status!: string;

  @Field()
  from!: string;

  @Field(() => [String])
  to!: string[];

  @Field(() => [String], { description: 'Copy recipients, as sent (reply-all fills them from the original)' })
  cc!: string[];

  @Field(() => [String], { description: 'Blind copy recipients: named here for the sender, never in the message' })
  bcc!: string[];

  @Field()
  subject!: string;

  @Field(() => ID, { description: 'thd_…' })
  threadId!: string;

  @Field(() => Date, { nullable: true })
  scheduledAt!: Date | null;
}

@ObjectType('MailboxBatchError')
export class BatchError {
  @Field()
  code!: string;

  @Field()
  message!: string;
}

@ObjectType('MailboxBatchItemResult')
export class BatchItemResult {
  @Field(() => Int)
  index!: number;

  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field(() => String, { nullable: true })
  status!: string | null;

  @Field(() => String, { nullable: true })
  to!: string | null;

  @Field(() => BatchError, { nullable: true })
  error!: BatchError | null;
}

@ObjectType('MailboxAttachment')
export class MailboxAttachmentView {
  @Field(() => ID)
  id!: string;

  @Field()
  filename!: string;

  @Field()
  contentType!: string;

  @Field(() => Int)
  size!: number;

  @Field({ description: 'Base64' })
  content!: string;
}

@ObjectType('MailboxAuthResults', { description: 'SPF, DKIM and DMARC verdicts of a received message' })
export class AuthResultsView {
  @Field()
  spf!: string;

  @Field()
  dkim!: string;

  @Field()
  dmarc!: string;
}

@ObjectType('MailboxMessage', { description: 'An inbox item; the full message adds bodies, headers and attachments' })
export class MailboxMessageView {
  @Field(() => ID, { description: 'msg_…' })
  id!: string;

  @Field(() => ID)
  mailboxId!: string;

  @Field(() => ID, { description: 'thd_…' })
  threadId!: string;

  @Field({ description: 'inbound or outbound' })
  direction!: string;

  @Field({ description: 'received, scheduled, queued, sent, delivered, bounced, failed or cancelled' })
  status!: string;

  @Field()
  from!: string;

  @Field(() => [String])
  to!: string[];

  @Field(() => [String])
  cc!: string[];

  @Field()
  subject!: string;

  @Field()
  textPreview!: string;

  @Field()
  read!: boolean;

  @Field()
  archived!: boolean;

  @Field(() => [String])
  labels!: string[];

  @Field(() => [String])
  tags!: string[];

  @Field(() => Int)
  attachmentCount!: number;

  @Field({ description: 'Arrival (inbound) or creation (outbound)' })
  receivedAt!: Date;

  @Field({ description: 'The RFC 5322 Message-ID' })
  messageId!: string;

  @Field(() => String, { nullable: true })
  inReplyTo!: string | null;

  @Field(() => Date, { nullable: true })
  scheduledAt!: Date | null;

  @Field(() => Date, { nullable: true })
  sentAt!: Date | null;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date, { nullable: true })
  bouncedAt!: Date | null;

  @Field(() => String, { nullable: true })
  bounceReason!: string | null;

  @Field(() => AuthResultsView, { nullable: true })
  auth!: AuthResultsView | null;

  @Field(() => [String], { nullable: true, description: 'Full message only' })
  bcc?: string[];

  @Field(() => String, { nullable: true, description: 'Full message only' })
  htmlBody?: string | null;

  @Field(() => String, { nullable: true, description: 'Full message only' })
  textBody?: string | null;

  @Field(() => JSONObject, { nullable: true, description: 'Full message only' })
  headers?: Record<string, string>;

  @Field(() => [MailboxAttachmentView], { nullable: true, description: 'Full message only' })
  attachments?: MailboxAttachmentView[];
}

@ObjectType('MailboxMessageList')
export class MessageList extends MailboxOffsetList(MailboxMessageView) {}

@InputType('MailboxMessageIdsInput')
export class MessageIdsInput {
  @Field(() => [String])
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  messageIds!: string[];
}

@ObjectType('MailboxBulkResult')
export class BulkResult {
  @Field(() => [String])
  messageIds!: string[];

  @Field(() => Int)
  updated!: number;
}
