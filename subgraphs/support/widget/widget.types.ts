import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { IsEmail, IsObject, IsOptional, Length, MaxLength } from 'class-validator';
import { JSON as AnyJson } from '../../../platform/graphql/scalars.js';
import { AttachmentView } from '../conversations/conversation.types.js';

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
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;
}

@InputType('SupportWidgetMessageInput')
export class WidgetMessageInput {
  @Field()
  @Length(1, 65_536)
  message!: string;
}

@ObjectType('SupportWidgetMessage', { description: 'A message as the visitor sees it: notes never appear' })
export class WidgetMessageView {
  @Field(() => ID)
  id!: string;

  @Field()
  conversationId!: string;

  @Field({ description: 'incoming (the visitor\'s) or reply' })
  type!: string;

  @Field()
  content!: string;

  @Field(() => [AttachmentView])
  attachments!: AttachmentView[];

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
