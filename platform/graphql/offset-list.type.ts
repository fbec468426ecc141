import { Field, ObjectType, type ClassType } from 'type-graphql';
import { OffsetMeta } from './offset-meta.type.js';

/** `{data, meta}` of an offset-paginated list: `class EmailMessageList extends OffsetList(EmailMessage) {}`. */
export function OffsetList<T extends object>(item: ClassType<T>) {
  // Never referenced by a resolver, so only the named subclasses reach the schema.
  @ObjectType()
  class OffsetListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => OffsetMeta)
    meta!: OffsetMeta;
  }
  return OffsetListType;
}
