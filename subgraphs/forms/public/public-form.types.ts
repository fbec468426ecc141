import { Field, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';

/** A field as respondents see it: `ref` instead of the numeric id. */
@ObjectType()
export class PublicFormField {
  @Field()
  ref!: string;

  @Field()
  type!: string;

  @Field()
  label!: string;

  @Field()
  required!: boolean;

  @Field(() => String, { nullable: true })
  placeholder!: string | null;

  @Field(() => JSONObject, { description: 'What a renderer needs: options, min/max, lengths' })
  settings!: Record<string, unknown>;
}

@ObjectType()
export class PublicFormSettings {
  @Field({ description: "True when submissions need an API key of the form's organization (requireApiKey)" })
  requiresAuth!: boolean;

  @Field({
    description: "True when respondents need the form's password (X-Form-Password); fields are empty until it is given",
  })
  hasPassword!: boolean;

  @Field({ description: 'ALL_AT_ONCE or ONE_PER_SCREEN: how the hosted page shows the questions' })
  layout!: string;

  @Field(() => String, {
    nullable: true,
    description: 'What the hosted page says after a submission without redirectUrl',
  })
  thankYouMessage!: string | null;
}

@ObjectType()
export class PublicFormTheme {
  @Field(() => String, { nullable: true })
  preset!: string | null;

  @Field(() => JSONObject, { nullable: true })
  colors!: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: 'SANS, SERIF or MONO' })
  font!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The form's logo, served from this platform (GET /f/{uuid}/logo)",
  })
  logoUrl!: string | null;
}

/** A LIVE form's logo, for the hosted page's `/f/{uuid}/logo` (binary over GraphQL as base64). */
@ObjectType()
export class PublicFormLogo {
  @Field({ description: 'image/png, image/jpeg, image/gif or image/webp' })
  contentType!: string;

  @Field({ description: 'Names this image: the page asks for it with ?v=digest and may cache it for good' })
  digest!: string;

  @Field({ description: 'The image, base64' })
  base64!: string;
}

@ObjectType()
export class PublicForm {
  @Field()
  uuid!: string;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => [PublicFormField])
  fields!: PublicFormField[];

  @Field(() => PublicFormSettings)
  settings!: PublicFormSettings;

  @Field(() => PublicFormTheme)
  theme!: PublicFormTheme;
}

@ObjectType()
export class FormViewRecorded {
  @Field()
  recorded!: boolean;
}

@ObjectType()
export class FormSubmitResult {
  @Field()
  submissionId!: string;

  @Field({ description: 'COMPLETED' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'settings.redirectUrl of the form, if any' })
  redirectUrl!: string | null;
}

@ObjectType()
export class FormPartialResult {
  @Field()
  submissionId!: string;
}

/** Why a form is not public, for the hosted page: only forms that were once published are told apart from unknown ones. */
@ObjectType()
export class PublicFormState {
  @Field({ description: 'LIVE, CLOSED, PAUSED (unpublished) or NOT_FOUND (unknown, draft or archived)' })
  state!: string;

  @Field(() => String, { nullable: true, description: 'The title, for CLOSED and PAUSED forms' })
  title!: string | null;
}
