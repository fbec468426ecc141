import { IsOptional, Matches, MaxLength } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { EmailTemplate } from '../entities/email-template.entity.js';

/** Ids are `tpl_…`; an alias must never look like one, so lookups by id or alias are unambiguous. */
export const TEMPLATE_ID_PREFIX = 'tpl_';
// RFC 5322 line limit, the same cap the send body puts on subject; the bodies share the send body's cap too.
const MAX_SUBJECT = 998;
const MAX_BODY = 5_000_000;
const NOT_BLANK = /\S/;

/**
 * The body of create and update. Every field is optional here; what a complete template needs (name, subject and
 * a body) is checked on the result (create: the input; update: the template with the fields given, null clearing
 * alias or a body).
 */
@InputType()
export class EmailTemplateInput {
  @IsOptional()
  @MaxLength(200, { message: 'string of 1 to 200 characters' })
  @Matches(NOT_BLANK, { message: 'string of 1 to 200 characters' })
  @Field(() => String, { nullable: true, description: '1 to 200 characters' })
  name?: string | null;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,100}$/, { message: '1 to 100 letters, digits, _ . or -' })
  @Matches(/^(?!tpl_)/i, { message: `an alias not starting with "${TEMPLATE_ID_PREFIX}" (reserved for template ids)` })
  @Field(() => String, {
    nullable: true,
    description: 'Unique per organization: letters, digits, _ . -; never starting with tpl_',
  })
  alias?: string | null;

  @IsOptional()
  @MaxLength(MAX_SUBJECT, { message: `non-empty string of at most ${MAX_SUBJECT} characters` })
  @Matches(NOT_BLANK, { message: `non-empty string of at most ${MAX_SUBJECT} characters` })
  @Field(() => String, { nullable: true, description: 'At most 998 characters; may use {{variables}}' })
  subject?: string | null;

  @IsOptional()
  @MaxLength(MAX_BODY)
  @Field(() => String, { nullable: true })
  htmlBody?: string | null;

  @IsOptional()
  @MaxLength(MAX_BODY)
  @Field(() => String, { nullable: true })
  textBody?: string | null;
}

@ObjectType()
export class EmailTemplateList extends OffsetList(EmailTemplate) {}
