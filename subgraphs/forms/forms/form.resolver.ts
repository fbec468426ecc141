import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { FormPageArgs } from '../shared/form-page.js';
import { FormService } from './form.service.js';
import { FormDetail, FormList, FormSummary } from './form.types.js';
import { CreateFormInput, UpdateFormInput } from './form-input.types.js';

@ArgsType()
class FormListArgs extends FormPageArgs {
  @Field({
    nullable: true,
    description: 'DRAFT, LIVE, PAUSED, CLOSED or ARCHIVED; ARCHIVED forms are listed only when asked for',
  })
  status?: string;

  @Field({ nullable: true, description: 'Part of the title, case-insensitive' })
  search?: string;
}

const FORM_ID = { description: 'Numeric id or uuid' };

@Resolver()
export class FormResolver {
  private readonly service: FormService;

  constructor(deps: PlatformDeps) {
    this.service = new FormService(deps.config.publicUrl);
  }

  @Authorized('forms')
  @Query(() => FormList, { description: 'Forms, newest first' })
  forms(@Args() args: FormListArgs, @Ctx() ctx: SubgraphContext): Promise<FormList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('forms')
  @Query(() => FormDetail)
  form(@Arg('id', () => ID, FORM_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<FormDetail> {
    return this.service.detail(ctx.em, id);
  }

  @Authorized('forms')
  @Mutation(() => FormSummary, {
    description: 'Body of POST /forms: title, slug, description, settings, theme, fields[]; the form starts in DRAFT',
  })
  createForm(
    @Arg('input', () => CreateFormInput) input: CreateFormInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormSummary> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('forms')
  @Mutation(() => FormDetail, {
    description: 'Changes the keys given: title, slug, description, settings, theme, status (CLOSED only)',
  })
  updateForm(
    @Arg('id', () => ID, FORM_ID) id: string,
    @Arg('input', () => UpdateFormInput) input: UpdateFormInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormDetail> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('forms')
  @Mutation(() => Boolean, { description: 'Soft delete: the form becomes ARCHIVED' })
  archiveForm(@Arg('id', () => ID, FORM_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.archive(ctx.em, id);
  }

  @Authorized('forms')
  @Mutation(() => FormSummary, { description: 'DRAFT, PAUSED or CLOSED → LIVE; sets publishedAt' })
  publishForm(@Arg('id', () => ID, FORM_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<FormSummary> {
    return this.service.publish(ctx.em, id);
  }

  @Authorized('forms')
  @Mutation(() => FormSummary, { description: 'LIVE → PAUSED' })
  unpublishForm(@Arg('id', () => ID, FORM_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<FormSummary> {
    return this.service.unpublish(ctx.em, id);
  }

  @Authorized('forms')
  @Mutation(() => FormSummary, { description: 'A DRAFT copy with every field; the title gets " (Copy)"' })
  duplicateForm(@Arg('id', () => ID, FORM_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<FormSummary> {
    return this.service.duplicate(ctx.em, id);
  }
}
