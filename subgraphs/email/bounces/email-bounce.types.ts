import { Field, ObjectType } from 'type-graphql';
import { OffsetMeta } from '../../../platform/graphql/offset-meta.type.js';
import { EmailMessage } from '../entities/email-message.entity.js';

/** Bounced messages; a bounce is the message itself (bounceType, bouncedAt, lastResponse), not a row of its own. */
@ObjectType()
export class EmailBounceList {
  @Field(() => [EmailMessage])
  data!: EmailMessage[];

  @Field(() => OffsetMeta)
  meta!: OffsetMeta;
}
