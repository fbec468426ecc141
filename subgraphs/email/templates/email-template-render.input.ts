import { ArrayMaxSize, IsOptional, MaxLength, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';
import { isVariablePath } from '../../../platform/templates/template-model.js';

const MAX_VARIABLES = 200;
const MAX_VALUE = 100_000;
const PATH_EXPECTED =
  'a variable path as a tag writes it: name or dotted keys (plan.tier), no __proto__, constructor or prototype';

/** One sample value: `plan.tier` fills `{{ plan.tier }}`. */
@InputType('EmailTemplateVariableInput')
export class EmailTemplateVariableInput {
  @Satisfies(
    'variablePath',
    (v) => typeof v === 'string' && v.length <= 200 && isVariablePath(v),
    PATH_EXPECTED,
    'name must be a variable path',
  )
  @Field(() => String, { description: "The tag's path: name, or dotted keys such as plan.tier" })
  name!: string;

  @MaxLength(
    MAX_VALUE,
    rule(`a string of at most ${MAX_VALUE} characters`, `value must be at most ${MAX_VALUE} characters`),
  )
  @Field(() => String)
  value!: string;
}

/** The sample values a preview renders with, as a send's templateModel of strings would carry them. */
@InputType('EmailTemplateRenderInput')
export class EmailTemplateRenderInput {
  @IsOptional()
  @ArrayMaxSize(MAX_VARIABLES, rule(`at most ${MAX_VARIABLES} variables`, `At most ${MAX_VARIABLES} variables`))
  @ValidateNested()
  @Field(() => [EmailTemplateVariableInput], {
    nullable: true,
    description: `At most ${MAX_VARIABLES}; each name once`,
  })
  variables?: EmailTemplateVariableInput[] | null;
}
