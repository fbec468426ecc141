import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { FormFieldService } from './form-field.service.js';
import { FormFieldView } from './form-field.types.js';
import { FormFieldInput, ReorderFormFieldsInput, UpdateFormFieldInput } from './form-field.input.js';

@Resolver()
export class FormFieldResolver {
  private readonly service = new FormFieldService();

  @Authorized('forms')
  @Mutation(() => FormFieldView, { description: 'type, label, placeholder, required, order, ref, settings' })
  createFormField(
    @Arg('formId', () => ID) formId: string,
    @Arg('input', () => FormFieldInput) input: FormFieldInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormFieldView> {
    return this.service.add(ctx.em, formId, input);
  }

  @Authorized('forms')
  @Mutation(() => FormFieldView, { description: 'Changes the keys given' })
  updateFormField(
    @Arg('formId', () => ID) formId: string,
    @Arg('fieldId', () => ID) fieldId: string,
    @Arg('input', () => UpdateFormFieldInput) input: UpdateFormFieldInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormFieldView> {
    return this.service.update(ctx.em, formId, fieldId, input);
  }

  @Authorized('forms')
  @Mutation(() => Boolean)
  deleteFormField(
    @Arg('formId', () => ID) formId: string,
    @Arg('fieldId', () => ID) fieldId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    return this.service.remove(ctx.em, formId, fieldId);
  }

  @Authorized('forms')
  @Mutation(() => [FormFieldView], {
    description:
      "{fieldOrder: [field ids]}: a permutation of the form's field ids; answers the fields in their new order",
  })
  reorderFormFields(
    @Arg('formId', () => ID) formId: string,
    @Arg('input', () => ReorderFormFieldsInput) input: ReorderFormFieldsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormFieldView[]> {
    return this.service.reorder(ctx.em, formId, input);
  }
}
