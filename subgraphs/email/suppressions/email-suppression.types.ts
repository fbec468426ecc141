import { Field, ObjectType } from 'type-graphql';
import { OffsetMeta } from '../../../platform/graphql/offset-meta.type.js';
import { EmailSuppression } from '../entities/email-suppression.entity.js';

@ObjectType()
export class EmailSuppressionList {
  @Field(() => [EmailSuppression])
  data!: EmailSuppression[];

  @Field(() => OffsetMeta)
  meta!: OffsetMeta;
}
