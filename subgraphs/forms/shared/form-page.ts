import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { PageMeta } from '../../../platform/pagination/page-meta.type.js';
import { numberedPageMeta, resolveNumberedPage, type NumberedPage } from '../../../platform/pagination/page-number.js';
import { validationError } from './validation-error.js';

/** `page` (1-based, default 1) and `limit` (default 20, max 100) for forms lists. */
@ArgsType()
export class FormPageArgs {
  @Field(() => Int, { nullable: true, description: '1-based, default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Default 20, at most 100' })
  limit?: number;
}

export type FormPage = NumberedPage;

/** Out-of-range values are a 400, never clamped (README, pagination). */
export function resolveFormPage(args: { page?: number | null; limit?: number | null }): FormPage {
  return resolveNumberedPage(args, 100, validationError);
}

export const formPageMeta: (page: FormPage, total: number) => PageMeta = numberedPageMeta;

/** `{data, meta}` of a forms list. */
export function FormPagedList<T extends object>(item: ClassType<T>) {
  @ObjectType()
  class FormPagedListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => PageMeta)
    meta!: PageMeta;
  }
  return FormPagedListType;
}
