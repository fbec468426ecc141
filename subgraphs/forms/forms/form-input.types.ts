import { Field, InputType } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, Matches, ValidateIf, ValidateNested } from 'class-validator';
import { isHttpUrl, UUID } from '../shared/validation-error.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';
import { FormFieldInput } from '../fields/form-field.input.js';
import { parseLogoDataUrl } from './form-logo.js';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PRESETS = ['MODERN', 'BOLD'];
const LAYOUTS = ['ALL_AT_ONCE', 'ONE_PER_SCREEN'];
const FONTS = ['SANS', 'SERIF', 'MONO'];
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const MAX_FIELDS = 200;

const isTitle = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 200;
const isSlug = (v: unknown) => typeof v === 'string' && v.length <= 100 && SLUG.test(v) && !UUID.test(v);
const isDescription = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 5000);
const TITLE = [
  'title',
  isTitle,
  'string of 1 to 200 characters',
  'title is required and holds at most 200 characters',
] as const;
const SLUG_RULE = [
  'slug',
  isSlug,
  'lower-case letters, digits and single hyphens, at most 100 characters, not shaped like a uuid',
  'slug has invalid characters or length',
] as const;
const DESCRIPTION = [
  'description',
  isDescription,
  'string of at most 5000 characters or null',
  'description is too long',
] as const;

/** Settings, `redirectUrl` (the submit result's redirect) and `password` (hashed before it is stored; null removes it). */
@InputType()
export class FormSettingsInput {
  @Field(() => String, { nullable: true, description: 'PUBLIC' })
  @IsOptional()
  @IsIn(['PUBLIC'], rule(['PUBLIC'], 'settings.accessType must be PUBLIC'))
  accessType?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Public calls need a key of the organization' })
  requireApiKey?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Where the submit result sends the respondent' })
  @IsOptional()
  @Satisfies(
    'httpUrl',
    (v) => typeof v === 'string' && isHttpUrl(v),
    'an absolute http(s) URL',
    'settings.redirectUrl must be an http(s) URL',
  )
  redirectUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: '4 to 128 characters (checked by the service, which names only the length); null removes it',
  })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'The hosted page: ALL_AT_ONCE (default) or ONE_PER_SCREEN' })
  @IsOptional()
  @IsIn(LAYOUTS, rule(LAYOUTS, 'settings.layout must be ALL_AT_ONCE or ONE_PER_SCREEN'))
  layout?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Shown by the hosted page after a submission (when there is no redirectUrl); at most 1000 characters',
  })
  @IsOptional()
  @Satisfies(
    'thankYouMessage',
    (v) => typeof v === 'string' && v.length <= 1000,
    'string of at most 1000 characters',
    'settings.thankYouMessage holds at most 1000 characters',
  )
  thankYouMessage?: string | null;
}

@InputType()
export class FormThemeColorsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(HEX, rule('hex color such as #1a2b3c', 'theme.colors.primary must be a hex color'))
  primary?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(HEX, rule('hex color such as #1a2b3c', 'theme.colors.background must be a hex color'))
  background?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(HEX, rule('hex color such as #1a2b3c', 'theme.colors.text must be a hex color'))
  text?: string | null;
}

@InputType()
export class FormThemeInput {
  @Field(() => String, { nullable: true, description: 'MODERN or BOLD' })
  @IsOptional()
  @IsIn(PRESETS, rule(PRESETS, 'theme.preset must be MODERN or BOLD'))
  preset?: string | null;

  @Field(() => FormThemeColorsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  colors?: FormThemeColorsInput | null;

  @Field(() => String, {
    nullable: true,
    description: 'SANS (default), SERIF or MONO: system fonts, nothing downloaded',
  })
  @IsOptional()
  @IsIn(FONTS, rule(FONTS, 'theme.font must be SANS, SERIF or MONO'))
  font?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The hosted page's logo as a data: URL (PNG, JPEG, GIF or WebP, base64, at most 100 KB); null removes it, left out keeps it. Read back as theme.logoUrl",
  })
  @IsOptional()
  @Satisfies(
    'logo',
    (v) => parseLogoDataUrl(v) !== null,
    'data:image/(png|jpeg|gif|webp);base64,… of at most 100 KB whose bytes are that image type',
    'theme.logo must be a data: URL of a PNG, JPEG, GIF or WebP image of at most 100 KB',
  )
  logo?: string | null;
}

/** POST /forms: the form starts in DRAFT; `slug` is made from the title when left out. */
@InputType()
export class CreateFormInput {
  @Field(() => String, { nullable: true, description: 'Required: 1 to 200 characters' })
  @Satisfies(...TITLE)
  title?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Satisfies(...SLUG_RULE)
  slug?: string | null;

  @Field(() => String, { nullable: true })
  @Satisfies(...DESCRIPTION)
  @ValidateIf((o: CreateFormInput) => o.description !== undefined)
  description?: string | null;

  @Field(() => FormSettingsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  settings?: FormSettingsInput | null;

  @Field(() => FormThemeInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  theme?: FormThemeInput | null;

  @Field(() => [FormFieldInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(MAX_FIELDS, rule(`array of at most ${MAX_FIELDS} fields`, `A form holds at most ${MAX_FIELDS} fields`))
  @ValidateNested()
  fields?: FormFieldInput[] | null;
}

/** PUT /forms/{id}: only the keys given change; `status: CLOSED` is the one status it may set (form-state.ts). */
@InputType()
export class UpdateFormInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateFormInput) => o.title !== undefined)
  @Satisfies(...TITLE)
  title?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateFormInput) => o.slug !== undefined)
  @Satisfies(...SLUG_RULE)
  slug?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateFormInput) => o.description !== undefined)
  @Satisfies(...DESCRIPTION)
  description?: string | null;

  @Field(() => FormSettingsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  settings?: FormSettingsInput | null;

  @Field(() => FormThemeInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  theme?: FormThemeInput | null;

  @Field(() => String, {
    nullable: true,
    description: 'CLOSED only; publish, unpublish and DELETE move to the other states',
  })
  @ValidateIf((o: UpdateFormInput) => o.status !== undefined)
  @IsIn(
    ['CLOSED'],
    rule(['CLOSED'], 'Only CLOSED can be set here; use publish, unpublish or DELETE for the other states'),
  )
  status?: string | null;
}
