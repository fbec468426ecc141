import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { JSON } from '../../../platform/graphql/scalars.js';
import { EmailMessage } from '../entities/email-message.entity.js';

@InputType()
export class EmailTagInput {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@InputType()
export class EmailAttachmentInput {
  @Field()
  filename!: string;

  @Field({ description: 'Base64' })
  content!: string;

  @Field({ nullable: true })
  contentType?: string;
}

/**
 * The send body: the documented fields, plus what Resend and Postmark users expect. Rules are checked by the service's
 * validateSend, which also checks each raw item of a batch (one bad item fails alone, so a batch cannot be typed).
 * headers and templateModel are JSON, not JSONObject: a wrong value gets the rules' 400 naming the field, not a 500.
 */
@InputType()
export class SendEmailInput {
  @Field({ nullable: true })
  from?: string;

  @Field(() => [String], { nullable: true, description: 'One address or a list' })
  to?: string[];

  @Field(() => [String], { nullable: true })
  cc?: string[];

  @Field(() => [String], { nullable: true })
  bcc?: string[];

  @Field(() => [String], { nullable: true })
  replyTo?: string[];

  @Field({ nullable: true })
  subject?: string;

  @Field({ nullable: true })
  html?: string;

  @Field({ nullable: true })
  text?: string;

  @Field(() => JSON, { nullable: true, description: 'An object of header name to single-line string' })
  headers?: Record<string, string>;

  @Field(() => [EmailTagInput], { nullable: true })
  tags?: EmailTagInput[];

  @Field(() => [EmailAttachmentInput], { nullable: true })
  attachments?: EmailAttachmentInput[];

  @Field({ nullable: true, description: 'Template id or alias' })
  templateId?: string;

  @Field(() => JSON, { nullable: true, description: 'An object of template variables' })
  templateModel?: Record<string, unknown>;

  @Field({ nullable: true })
  trackOpens?: boolean;

  @Field({ nullable: true })
  trackClicks?: boolean;

  @Field({ nullable: true, description: 'Add List-Unsubscribe with one-click (RFC 8058)' })
  listUnsubscribe?: boolean;
}

@ObjectType()
export class SendEmailResult {
  @Field()
  messageId!: string;

  @Field()
  status!: string;
}

@ObjectType()
export class BatchItemError {
  @Field()
  code!: string;

  @Field()
  message!: string;

  @Field(() => JSON, { nullable: true })
  details?: unknown;
}

@ObjectType()
export class SendEmailBatchItem {
  @Field(() => Int)
  index!: number;

  @Field({ nullable: true })
  messageId?: string;

  @Field({ nullable: true })
  status?: string;

  @Field(() => BatchItemError, { nullable: true })
  error?: BatchItemError;
}

@ObjectType()
export class EmailMessageList extends OffsetList(EmailMessage) {}
