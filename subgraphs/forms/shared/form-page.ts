import { ArgsType, Directive, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { validationError } from './validation-error.js';

/** The forms list meta (document 1 part 2.1): `{page, limit, total, totalPages}`. */
@Directive('@shareable')
@ObjectType()
export class FormPageMeta {
  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  totalPages!: number;
}

/** `page` (1-based, default 1) and `limit` (default 20, max 100): document 1 part 8 for forms lists. */
@ArgsType()
export class FormPageArgs {
  @Field(() => Int, { nullable: true, description: '1-based, default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Default 20, at most 100' })
  limit?: number;
}

export interface FormPage {
  page: number;
  limit: number;
  offset: number;
}

const MAX_LIMIT = 100;

/** Out-of-range values are a 400, never clamped (README, pagination). */
export function resolveFormPage(args: { page?: number | null; limit?: number | null }): FormPage {
  const page = args.page ?? 1;
  const limit = args.limit ?? 20;
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw validationError('page', page, '1..1000000', 'page must be a positive integer');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw validationError('limit', limit, `1..${MAX_LIMIT}`, `limit must be an integer from 1 to ${MAX_LIMIT}`);
  return { page, limit, offset: (page - 1) * limit };
}

export function formPageMeta(page: FormPage, total: number): FormPageMeta {
  return { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) };
}

/** `{data, meta}` of a forms list. */
export function FormPagedList<T extends object>(item: ClassType<T>) {
  @ObjectType()
  class FormPagedListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => FormPageMeta)
    meta!: FormPageMeta;
  }
  return FormPagedListType;
}
