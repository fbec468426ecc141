import { Field, Float, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsOptional, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';

const TEXT = (field: string) => rule('string of at most 2048 characters', `${field} must be a string`);
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** POST /f/{ref}/view. */
@InputType()
export class FormViewInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('sessionId'))
  sessionId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('visitorHash'))
  visitorHash?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('referrer'))
  referrer?: string | null;
}

/**
 * One answer of `answers[]`: the field by `fieldRef` or `fieldId`, and the value key of its
 * type. Which key a field takes depends on the form, so the service checks it.
 */
@InputType()
export class FormAnswerInput {
  @Field(() => String, { nullable: true })
  fieldRef?: string | null;

  @Field(() => Int, { nullable: true })
  fieldId?: number | null;

  @Field(() => String, { nullable: true, description: 'SHORT_TEXT, LONG_TEXT, EMAIL, URL, PHONE' })
  value?: string | null;

  @Field(() => Float, { nullable: true, description: 'NUMBER, RATING, NPS, SLIDER' })
  valueNumber?: number | null;

  @Field(() => String, { nullable: true, description: 'DATE, DATE_TIME (ISO 8601)' })
  valueDate?: string | null;

  @Field(() => JSONScalar, { nullable: true, description: 'SELECT, MULTI_SELECT, CHECKBOX: the chosen options' })
  valueJson?: unknown;

  @Field(() => String, { nullable: true, description: 'FILE' })
  fileUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'FILE' })
  fileName?: string | null;

  @Field(() => Int, { nullable: true, description: 'FILE, bytes' })
  fileSize?: number | null;
}

@InputType()
export class FormUtmInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('metadata.utm.source'))
  source?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('metadata.utm.medium'))
  medium?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('metadata.utm.campaign'))
  campaign?: string | null;
}

/** Submit metadata. */
@InputType()
export class FormSubmissionMetadataInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('metadata.source'))
  source?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2048, TEXT('metadata.referrer'))
  referrer?: string | null;

  @Field(() => FormUtmInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  utm?: FormUtmInput | null;
}

/** POST /f/{ref}/submit: `data` (answers keyed by field ref, checked against the form's fields) or `answers[]`. */
@InputType()
export class FormSubmitInput {
  @Field(() => JSONScalar, { nullable: true, description: "Answers keyed by field ref; their types are the fields'" })
  @IsOptional()
  @Satisfies('jsonObject', isObject, 'object', 'data must be a JSON object')
  data?: Record<string, unknown> | null;

  @Field(() => [FormAnswerInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(500, rule('array of answers', 'answers must hold at most 500 answers'))
  answers?: FormAnswerInput[] | null;

  @Field(() => String, { nullable: true, description: 'Completes the partial submission of that id' })
  submissionId?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: FormSubmitInput) => o.respondentEmail != null && o.respondentEmail !== '')
  @Satisfies(
    'email',
    isEmailAddress,
    'an email address such as name@example.com',
    'respondentEmail must be an email address',
  )
  respondentEmail?: string | null;

  @Field(() => FormSubmissionMetadataInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  metadata?: FormSubmissionMetadataInput | null;
}

/** POST /f/{ref}/partial: the submit body and `lastFieldId`; nothing is required yet. */
@InputType()
export class FormPartialInput extends FormSubmitInput {
  @Field(() => Int, { nullable: true, description: 'A field id of this form: where the respondent stopped' })
  lastFieldId?: number | null;
}
