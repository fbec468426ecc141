import { Field, Int, ObjectType, type ClassType } from 'type-graphql';

/** The mailboxes list meta: `{total, limit, offset}`. */
@ObjectType('MailboxListMeta')
export class MailboxListMeta {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;
}

/** `{data, meta}` of a mailboxes list. */
export function MailboxOffsetList<T extends object>(item: ClassType<T>) {
  @ObjectType()
  class MailboxOffsetListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => MailboxListMeta)
    meta!: MailboxListMeta;
  }
  return MailboxOffsetListType;
}
