import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsIn,
  IsISO8601,
  IsOptional,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsBase64Text } from '../../../platform/validation/base64.js';
import { CONVERSATION_STATUSES, SETTABLE_STATUSES } from '../entities/conversation.entity.js';
import { SupportPageArgs, SupportPagedList } from '../shared/support-page.js';

@ObjectType('SupportAttachment')
export class SupportAttachmentView {
  @Field(() => ID, { description: 'att_…' })
  id!: string;

  @Field()
  filename!: string;

  @Field()
  contentType!: string;

  @Field(() => Int, { description: 'Bytes' })
  size!: number;
}

@ObjectType('SupportAttachmentContent')
export class AttachmentContent extends SupportAttachmentView {
  @Field({ description: 'Base64' })
  content!: string;
}

@ObjectType('SupportMessage')
export class SupportMessageView {
  @Field(() => ID, { description: 'msg_…' })
  id!: string;

  @Field()
  conversationId!: string;

  @Field({ description: 'incoming (from the visitor), reply (to the visitor) or note (agents only)' })
  type!: string;

  @Field({ description: 'visitor, agent or inbox' })
  senderType!: string;

  @Field(() => String, { nullable: true, description: 'The member who wrote it (user_…)' })
  authorId!: string | null;

  @Field()
  content!: string;

  @Field(() => [SupportAttachmentView])
  attachments!: SupportAttachmentView[];

  @Field(() => String, { nullable: true })
  cannedResponseId!: string | null;

  @Field()
  createdAt!: Date;
}

@ObjectType('SupportTag')
export class SupportTagView {
  @Field(() => ID, { description: 'tag_…' })
  id!: string;

  @Field()
  name!: string;
}

@ObjectType('SupportConversation')
export class ConversationView {
  @Field(() => ID, { description: 'conv_…' })
  id!: string;

  @Field()
  inboxId!: string;

  @Field()
  visitorId!: string;

  @Field({ description: 'open, pending, snoozed, resolved or closed' })
  status!: string;

  @Field(() => String, { nullable: true })
  assigneeId!: string | null;

  @Field({ description: 'widget, email or api' })
  channel!: string;

  @Field(() => String, { nullable: true })
  subject!: string | null;

  @Field(() => Date, { nullable: true })
  snoozedUntil!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Since when the visitor has been waiting for a reply' })
  waitingSince!: Date | null;

  @Field(() => Date, { nullable: true })
  firstReplyAt!: Date | null;

  @Field(() => Date, { nullable: true })
  resolvedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  lastActivityAt!: Date | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('SupportConversationList')
export class ConversationList extends SupportPagedList(ConversationView) {}

@ArgsType()
export class ConversationListArgs extends SupportPageArgs {
  @Field(() => String, { nullable: true, description: 'open, pending, snoozed, resolved or closed' })
  @IsOptional()
  @IsIn(CONVERSATION_STATUSES)
  status?: string;

  @Field(() => String, { nullable: true })
  inboxId?: string;

  @Field(() => String, { nullable: true, description: 'user_…; "none" lists unassigned conversations' })
  assigneeId?: string;

  @Field(() => String, { nullable: true })
  visitorId?: string;

  @Field(() => String, { nullable: true, description: 'A tag name' })
  tag?: string;
}

/** 25 MB of decoded bytes per message, all attachments together. */
export const ATTACHMENTS_MAX_BYTES = 25 * 1024 * 1024;

@InputType('SupportAttachmentInput')
export class AttachmentInput {
  @Field()
  @Length(1, 255)
  @Matches(/^[^/\\\0\r\n]+$/, { message: 'a file name without slashes or line breaks' })
  filename!: string;

  @Field({ description: 'A MIME type, e.g. image/png' })
  @Matches(/^[\w.+-]+\/[\w.+-]+$/, { message: 'a MIME type such as image/png' })
  @MaxLength(255)
  contentType!: string;

  @Field({ description: 'Base64' })
  @IsBase64Text({ message: 'base64' })
  content!: string;
}

@InputType('SupportReplyInput')
export class SupportReplyInput {
  @Field({ nullable: true, description: 'Required unless cannedResponseId gives the content' })
  @IsOptional()
  @Length(1, 65_536)
  message?: string;

  @Field(() => String, { nullable: true, description: 'reply (default: reaches the visitor) or note (agents only)' })
  @IsOptional()
  @IsIn(['reply', 'note'])
  type?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A member of the inbox (user_…); without it the reply is sent as the inbox',
  })
  @IsOptional()
  @Length(1, 100)
  authorId?: string | null;

  @Field(() => String, { nullable: true, description: 'Its Liquid content is rendered and becomes the message' })
  @IsOptional()
  @Length(1, 100)
  cannedResponseId?: string | null;

  @Field(() => [AttachmentInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  attachments?: AttachmentInput[] | null;
}

@InputType('SupportAssignInput')
export class AssignInput {
  @Field(() => String, { nullable: true, description: "A member of the conversation's inbox (user_…); null unassigns" })
  @IsOptional()
  @Length(1, 100)
  assigneeId!: string | null;
}

@InputType('SupportStatusInput')
export class StatusInput {
  @Field({ description: 'open, pending, resolved or closed' })
  @IsIn(SETTABLE_STATUSES)
  status!: string;
}

@InputType('SupportSnoozeInput')
export class SnoozeInput {
  @Field({ description: 'ISO 8601, in the future' })
  @IsISO8601({ strict: true }, { message: 'an ISO 8601 date-time' })
  until!: string;
}

@InputType('SupportTagsInput')
export class TagsInput {
  @Field(() => [String])
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @Length(1, 64, { each: true })
  tags!: string[];
}
