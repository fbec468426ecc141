import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsObject, IsOptional, Length, MaxLength, ValidateNested } from 'class-validator';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { JSON as AnyJson } from '../../../platform/graphql/scalars.js';
import { AttachmentInput, SupportAttachmentView } from '../conversations/conversation.types.js';
import { WorkingHoursShape } from '../inboxes/inbox.types.js';

@InputType('SupportWidgetSessionInput')
export class WidgetSessionInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048)
  pageUrl?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048)
  referrer?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(1024)
  userAgent?: string | null;
}

@ObjectType('SupportWidgetSession')
export class WidgetSession {
  @Field(() => ID)
  visitorId!: string;

  @Field({ description: 'Send it as X-Visitor-Token on every later call; keep it like a password' })
  visitorToken!: string;

  @Field(() => ID)
  sessionId!: string;

  @Field()
  inboxName!: string;
}

@InputType('SupportWidgetEventInput')
export class WidgetEventInput {
  @Field()
  @Length(1, 200)
  name!: string;

  // JSON, not JSONObject: a wrong type then answers VALIDATION_ERROR from @IsObject instead of failing variable coercion in the subgraph.
  @Field(() => AnyJson, { nullable: true, description: 'An object' })
  @IsOptional()
  @IsObject({ message: 'an object' })
  properties?: Record<string, unknown> | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 100)
  sessionId?: string | null;
}

@InputType('SupportWidgetIdentifyInput')
export class WidgetIdentifyInput {
  @Field()
  @IsEmailAddress()
  @MaxLength(254)
  email!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Hex HMAC-SHA256 of the lower-cased email with the inbox's identity secret, computed by the host page's server",
  })
  @IsOptional()
  @Length(1, 200)
  userHash?: string | null;
}

/** What a visitor may attach to one message, all files together (decoded bytes). */
export const WIDGET_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

@InputType('SupportWidgetMessageInput')
export class WidgetMessageInput {
  @Field()
  @Length(1, 65_536)
  message!: string;

  @Field(() => [AttachmentInput], { nullable: true, description: 'At most 5 files and 10 MB (decoded) in all' })
  @IsOptional()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  attachments?: AttachmentInput[] | null;
}

@ObjectType('SupportWidgetMessage', { description: 'A message as the visitor sees it: notes never appear' })
export class WidgetMessageView {
  @Field(() => ID)
  id!: string;

  @Field()
  conversationId!: string;

  @Field({ description: "incoming (the visitor's) or reply" })
  type!: string;

  @Field({ description: 'visitor, agent or inbox' })
  senderType!: string;

  @Field(() => String, {
    nullable: true,
    description: "The agent's name (or the inbox's for a reply sent as the inbox); null for the visitor's own",
  })
  authorName!: string | null;

  @Field()
  content!: string;

  @Field(() => [SupportAttachmentView])
  attachments!: SupportAttachmentView[];

  @Field()
  createdAt!: Date;
}

@ObjectType('SupportWidgetConversation')
export class WidgetConversationView {
  @Field(() => ID)
  id!: string;

  @Field()
  status!: string;

  @Field()
  createdAt!: Date;

  @Field(() => [WidgetMessageView], { description: 'Oldest first, notes excluded' })
  messages!: WidgetMessageView[];
}

@ObjectType('SupportWidgetAck')
export class WidgetAck {
  @Field()
  ok!: boolean;
}

@ObjectType('SupportWidgetAgent', { description: 'An inbox member as visitors see them: a name, never an email' })
export class WidgetAgent {
  @Field()
  name!: string;
}

@ObjectType('SupportWidgetConfig', { description: 'What the widget shows before anything is written' })
export class WidgetConfig {
  @Field()
  inboxName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: "Ask the visitor's email before the first message" })
  preChatEmail!: boolean;

  @Field({ description: 'in_a_few_minutes, in_a_few_hours or in_a_day: shown when nobody is available' })
  replyTime!: string;

  @Field({ description: 'Some member is available now' })
  online!: boolean;

  @Field(() => [WidgetAgent], { description: 'The available members (at most 5)' })
  agents!: WidgetAgent[];

  @Field(() => WorkingHoursShape, { nullable: true })
  workingHours!: WorkingHoursShape | null;

  @Field(() => Boolean, { nullable: true, description: 'Inside the working hours now; null without working hours' })
  openNow!: boolean | null;
}
