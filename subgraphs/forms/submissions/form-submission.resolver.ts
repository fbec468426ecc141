import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { FormPageArgs } from '../shared/form-page.js';
import { FormSubmissionService } from './form-submission.service.js';
import { FormExportService } from './form-export.service.js';
import { FormExportPage } from './form-export.types.js';
import { FormSubmissionList, FormSubmissionView } from './form-submission.types.js';

@ArgsType()
class SubmissionListArgs extends FormPageArgs {
  @Field(() => ID, { description: 'Numeric id or uuid of the form' })
  formId!: string;

  @Field({ nullable: true, description: 'partial or complete' })
  status?: string;

  @Field({ nullable: true, description: 'ISO 8601; created at or after' })
  startDate?: string;

  @Field({ nullable: true, description: 'ISO 8601; created at or before (a date covers its whole day)' })
  endDate?: string;
}

@ArgsType()
class ExportArgs {
  @Field(() => ID, { description: 'Numeric id or uuid of the form' })
  formId!: string;

  @Field({ nullable: true, description: 'csv (default) or json' })
  format?: string;

  @Field({ nullable: true, description: 'ISO 8601; created at or after' })
  startDate?: string;

  @Field({ nullable: true, description: 'ISO 8601; created at or before' })
  endDate?: string;

  @Field({ nullable: true, description: 'nextCursor of the previous page' })
  after?: string;

  @Field(() => Int, { nullable: true, description: 'Submissions per page, default 2000, at most 5000' })
  pageSize?: number;
}

@Resolver()
export class FormSubmissionResolver {
  private readonly service = new FormSubmissionService();
  private readonly exports = new FormExportService();

  @Authorized('forms')
  @Query(() => FormExportPage, {
    description: 'One page of a CSV or JSON export, oldest first; REST streams every page',
  })
  formSubmissionExport(@Args() args: ExportArgs, @Ctx() ctx: SubgraphContext): Promise<FormExportPage> {
    return this.exports.page(ctx.em, args.formId, args);
  }

  @Authorized('forms')
  @Query(() => FormSubmissionList, { description: 'Submissions of a form, newest first' })
  formSubmissions(@Args() args: SubmissionListArgs, @Ctx() ctx: SubgraphContext): Promise<FormSubmissionList> {
    return this.service.list(ctx.em, args.formId, args);
  }

  @Authorized('forms')
  @Query(() => FormSubmissionList, {
    description: 'Submissions of every form of the organization by one respondentEmail, newest first',
  })
  formSubmissionsByRespondent(
    @Args() args: FormPageArgs,
    @Arg('email') email: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormSubmissionList> {
    return this.service.byRespondent(ctx.em, email, args);
  }

  @Authorized('forms')
  @Query(() => FormSubmissionView)
  formSubmission(
    @Arg('formId', () => ID) formId: string,
    @Arg('submissionId', () => ID) submissionId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormSubmissionView> {
    return this.service.get(ctx.em, formId, submissionId);
  }

  @Authorized('forms')
  @Mutation(() => Boolean)
  deleteFormSubmission(
    @Arg('formId', () => ID) formId: string,
    @Arg('submissionId', () => ID) submissionId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    return this.service.delete(ctx.em, formId, submissionId);
  }
}
