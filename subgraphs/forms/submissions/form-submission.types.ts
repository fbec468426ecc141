import { Field, Int, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { FormPagedList } from '../shared/form-page.js';
import type { FormSubmission } from '../entities/form-submission.entity.js';

/** A stored submission; the spec shows only submissionId and status, the rest is ours. */
@ObjectType('FormSubmission')
export class FormSubmissionView {
  @Field()
  submissionId!: string;

  @Field(() => Int)
  formId!: number;

  @Field({ description: 'partial or complete' })
  status!: string;

  @Field(() => JSONObject, { description: 'Answers keyed by field ref' })
  answers!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  respondentEmail!: string | null;

  @Field(() => JSONObject, { description: 'source, referrer, utm' })
  metadata!: Record<string, unknown>;

  @Field(() => Int, { nullable: true, description: 'Last field reached (partial saves)' })
  lastFieldId!: number | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;
}

@ObjectType()
export class FormSubmissionList extends FormPagedList(FormSubmissionView) {}

export function submissionView(row: FormSubmission): FormSubmissionView {
  return {
    submissionId: row.id,
    formId: row.formId,
    status: row.status,
    answers: row.answers,
    respondentEmail: row.respondentEmail,
    metadata: row.metadata,
    lastFieldId: row.lastFieldId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
  };
}
