import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { IsObject, IsOptional, Length, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { JSON as AnyJson, JSONObject } from '../../../platform/graphql/scalars.js';
import { SupportPageArgs, SupportPagedList } from '../shared/support-page.js';
import { ConversationView } from '../conversations/conversation.types.js';

@ObjectType('SupportVisitor')
export class VisitorView {
  @Field(() => ID, { description: 'vis_…' })
  id!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => JSONObject)
  attributes!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  companyId!: string | null;

  @Field({ description: 'Whether the visitor has given an email' })
  identified!: boolean;

  @Field(() => Date, { nullable: true })
  identifiedAt!: Date | null;

  @Field({
    description:
      "The email was set by the API, by the visitor's mail or by a signed widget identity, not only claimed in the widget",
  })
  emailVerified!: boolean;

  @Field(() => Date, { nullable: true })
  anonymizedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  lastSeenAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'The inbox whose widget or address first saw the visitor' })
  inboxId!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('SupportVisitorList')
export class VisitorList extends SupportPagedList(VisitorView) {}

@ArgsType()
export class VisitorListArgs extends SupportPageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the name or email, case-insensitive' })
  @IsOptional()
  @MaxLength(200)
  search?: string;

  @Field(() => Boolean, { nullable: true, description: 'true: visitors with an email; false: anonymous ones' })
  identified?: boolean;

  @Field(() => String, { nullable: true })
  companyId?: string;
}

@InputType('SupportVisitorUpdateInput', {
  description: 'Only the fields given change; attributes are merged (a null value removes a key)',
})
export class VisitorUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string | null;

  // JSON, not JSONObject: a wrong type then answers VALIDATION_ERROR from @IsObject instead of failing variable coercion in the subgraph.
  @Field(() => AnyJson, { nullable: true, description: 'An object' })
  @IsOptional()
  @IsObject({ message: 'an object' })
  attributes?: Record<string, unknown> | null;
}

@InputType('SupportVisitorCompanyInput')
export class VisitorCompanyInput {
  @Field(() => String, { nullable: true, description: 'A company id; null unlinks' })
  @IsOptional()
  @Length(1, 200)
  companyId!: string | null;
}

@ObjectType('SupportVisitorSession')
export class SessionView {
  @Field(() => ID)
  id!: string;

  @Field()
  visitorId!: string;

  @Field(() => String, { nullable: true })
  pageUrl!: string | null;

  @Field(() => String, { nullable: true })
  referrer!: string | null;

  @Field(() => String, { nullable: true })
  userAgent!: string | null;

  @Field()
  createdAt!: Date;
}

@ObjectType('SupportVisitorSessionList')
export class SessionList extends SupportPagedList(SessionView) {}

@ObjectType('SupportVisitorEvent')
export class VisitorEventView {
  @Field(() => ID)
  id!: string;

  @Field()
  visitorId!: string;

  @Field(() => String, { nullable: true })
  sessionId!: string | null;

  @Field()
  name!: string;

  @Field(() => JSONObject)
  properties!: Record<string, unknown>;

  @Field()
  createdAt!: Date;
}

@ObjectType('SupportVisitorEventList')
export class VisitorEventList extends SupportPagedList(VisitorEventView) {}

@ObjectType('SupportVisitorExport', { description: 'Everything held about a visitor' })
export class VisitorExport {
  @Field(() => VisitorView)
  visitor!: VisitorView;

  @Field(() => [SessionView])
  sessions!: SessionView[];

  @Field(() => [VisitorEventView])
  events!: VisitorEventView[];

  @Field(() => [ConversationView], { description: 'With their messages (select `messages`)' })
  conversations!: ConversationView[];

  @Field()
  exportedAt!: Date;
}
