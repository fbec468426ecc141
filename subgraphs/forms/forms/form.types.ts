import { Field, Float, Int, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { FormPagedList } from '../shared/form-page.js';
import { FormFieldView } from '../fields/form-field.types.js';
import type { Form } from '../entities/form.entity.js';

/** Form summary. */
@ObjectType()
export class FormSummary {
  @Field(() => Int)
  id!: number;

  @Field()
  uuid!: string;

  @Field()
  title!: string;

  @Field()
  slug!: string;

  @Field({ description: 'DRAFT, LIVE, PAUSED, CLOSED or ARCHIVED' })
  status!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  publishedAt!: Date | null;
}

@ObjectType()
export class FormAnalyticsCounts {
  @Field(() => Int)
  views!: number;

  @Field(() => Int, { description: 'Complete submissions' })
  submissions!: number;

  @Field(() => Float, { description: 'submissions / views, 0 to 1 (0 without views)' })
  completionRate!: number;
}

/** Form detail: the summary with description, settings, theme, fields and analytics counts. */
@ObjectType()
export class FormDetail extends FormSummary {
  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => JSONObject, { description: 'accessType, requireApiKey, redirectUrl' })
  settings!: Record<string, unknown>;

  @Field(() => JSONObject, { description: 'preset (MODERN, BOLD), colors {primary, background, text}' })
  theme!: Record<string, unknown>;

  @Field(() => [FormFieldView])
  fields!: FormFieldView[];

  @Field(() => FormAnalyticsCounts)
  analytics!: FormAnalyticsCounts;
}

@ObjectType()
export class FormList extends FormPagedList(FormSummary) {}

export function formSummary(form: Form): FormSummary {
  return {
    id: form.id,
    uuid: form.uuid,
    title: form.title,
    slug: form.slug,
    status: form.status,
    createdAt: form.createdAt,
    updatedAt: form.updatedAt,
    publishedAt: form.publishedAt,
  };
}
