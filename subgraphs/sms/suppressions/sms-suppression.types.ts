import { Field, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { SmsSuppression } from '../entities/sms-suppression.entity.js';
import { SmsSuppressionReason } from '../entities/sms-status.js';

@ObjectType()
export class SmsSuppressionList extends OffsetList(SmsSuppression) {}

/** A check returns `suppressed` and `reason`. */
@ObjectType()
export class SmsSuppressionCheck {
  @Field()
  phoneNumber!: string;

  @Field()
  suppressed!: boolean;

  @Field(() => SmsSuppressionReason, { nullable: true })
  reason!: SmsSuppressionReason | null;
}
