import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsObject, IsOptional, IsUrl, Length, Matches, MaxLength } from 'class-validator';
import { JSON as AnyJson, JSONObject } from '../../../platform/graphql/scalars.js';
import { SupportPageArgs, SupportPagedList } from '../shared/support-page.js';

@ObjectType('SupportCompany')
export class SupportCompanyView {
  @Field(() => ID, { description: "The caller's own id" })
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  website!: string | null;

  @Field(() => String, { nullable: true })
  industry!: string | null;

  @Field(() => JSONObject)
  attributes!: Record<string, unknown>;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('SupportCompanyList')
export class SupportCompanyList extends SupportPagedList(SupportCompanyView) {}

@ArgsType()
export class CompanyListArgs extends SupportPageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the name or id, case-insensitive' })
  @IsOptional()
  @MaxLength(200)
  search?: string;

  @Field(() => String, { nullable: true, description: 'Exact industry, case-insensitive' })
  @IsOptional()
  @MaxLength(200)
  industry?: string;
}

const WEBSITE = { require_protocol: true, protocols: ['http', 'https'] };

@InputType('SupportCompanyCreateInput')
export class CompanyCreateInput {
  @Field({ description: 'Chosen by the caller: 1 to 200 characters, no slashes' })
  @Length(1, 200)
  @Matches(/^[^/\s?#]+$/, { message: 'an id without spaces, slashes, ? or #' })
  id!: string;

  @Field()
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl(WEBSITE)
  @MaxLength(2048)
  website?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  industry?: string | null;

  // JSON, not JSONObject: a wrong type then answers VALIDATION_ERROR from @IsObject instead of failing variable coercion in the subgraph.
  @Field(() => AnyJson, { nullable: true, description: 'An object' })
  @IsOptional()
  @IsObject({ message: 'an object' })
  attributes?: Record<string, unknown> | null;
}

@InputType('SupportCompanyUpdateInput', {
  description: 'Only the fields given change; attributes are merged (a null value removes a key)',
})
export class CompanyUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl(WEBSITE)
  @MaxLength(2048)
  website?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  industry?: string | null;

  // JSON, not JSONObject: a wrong type then answers VALIDATION_ERROR from @IsObject instead of failing variable coercion in the subgraph.
  @Field(() => AnyJson, { nullable: true, description: 'An object' })
  @IsOptional()
  @IsObject({ message: 'an object' })
  attributes?: Record<string, unknown> | null;
}

@InputType('SupportCompanyNoteInput')
export class CompanyNoteInput {
  @Field()
  @Length(1, 10_000)
  content!: string;
}

@ObjectType('SupportCompanyNote')
export class CompanyNoteView {
  @Field(() => ID, { description: 'note_…' })
  id!: string;

  @Field()
  companyId!: string;

  @Field()
  content!: string;

  @Field()
  createdAt!: Date;
}

@ObjectType('SupportCompanyNoteList')
export class CompanyNoteList extends SupportPagedList(CompanyNoteView) {}

@ObjectType('SupportCompanyStats')
export class CompanyStats {
  @Field()
  companyId!: string;

  @Field(() => Int, { description: 'Visitors linked to the company' })
  users!: number;

  @Field(() => Int)
  conversations!: number;

  @Field(() => Int)
  open!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  snoozed!: number;

  @Field(() => Int)
  resolved!: number;

  @Field(() => Int)
  closed!: number;

  @Field(() => Int)
  notes!: number;

  @Field(() => Date, { nullable: true })
  lastActivityAt!: Date | null;
}
