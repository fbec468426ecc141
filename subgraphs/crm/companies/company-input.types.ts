import { Field, InputType } from 'type-graphql';
import { IsIn, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';

const TEXT = rule('a string of at most 500 characters', 'at most 500 characters');
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const STATUSES = ['ACTIVE', 'ARCHIVED'];

/** The company body (POST, PUT, PATCH); `properties` as for contacts (defined at run time). */
@InputType()
export class CrmCompanyInput {
  @Field(() => String, { nullable: true, description: 'A company needs a name or a domain' })
  @IsOptional()
  @MaxLength(500, TEXT)
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Lowercased; unique per organization' })
  @IsOptional()
  @Satisfies(
    'domain',
    (v) => typeof v === 'string' && DOMAIN.test(v.trim().toLowerCase()),
    'a domain name such as acme.com',
    'domain must be a domain name',
  )
  domain?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  industry?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  size?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  plan?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Satisfies(
    'httpUrl',
    (v) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v) && v.length <= 2048,
    'an http(s) URL',
    'website must be an http(s) URL',
  )
  website?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'ACTIVE or ARCHIVED' })
  @ValidateIf((o: CrmCompanyInput) => o.status !== undefined)
  @IsIn(STATUSES, rule(STATUSES, 'status may be set to ACTIVE or ARCHIVED'))
  status?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Custom property values keyed by property key; null removes one',
  })
  properties?: unknown;
}
