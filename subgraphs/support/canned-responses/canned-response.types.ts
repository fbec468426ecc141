import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { IsOptional, Length, Matches, MaxLength } from 'class-validator';
import { SupportPageArgs, SupportPagedList } from '../shared/support-page.js';

@ObjectType('SupportCannedResponse')
export class CannedResponseView {
  @Field(() => ID, { description: 'canned_…' })
  id!: string;

  @Field()
  title!: string;

  @Field({ description: 'Unique per organization (case-insensitive)' })
  shortcut!: string;

  @Field({
    description: 'Liquid: {{visitor.name}}, {{visitor.email}}, {{agent.name}}, {{conversation.id}}, {{inbox.name}}',
  })
  content!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('SupportCannedResponseList')
export class CannedResponseList extends SupportPagedList(CannedResponseView) {}

@ArgsType()
export class CannedResponseListArgs extends SupportPageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Ranked: shortcut prefix, then shortcut substring, then title or content',
  })
  @IsOptional()
  @MaxLength(200)
  search?: string;
}

const SHORTCUT = /^[A-Za-z0-9_.-]+$/;

@InputType('SupportCannedResponseCreateInput')
export class CannedResponseCreateInput {
  @Field()
  @Length(1, 200)
  title!: string;

  @Field({ description: 'Letters, digits, _ . -' })
  @Length(1, 64)
  @Matches(SHORTCUT, { message: 'letters, digits, _ . -' })
  shortcut!: string;

  @Field()
  @Length(1, 20_000)
  content!: string;
}

@InputType('SupportCannedResponseUpdateInput')
export class CannedResponseUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  title?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  @Matches(SHORTCUT, { message: 'letters, digits, _ . -' })
  shortcut?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 20_000)
  content?: string | null;
}
