import { Field, Int, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { SmsMessage } from '../entities/sms-message.entity.js';

/** The send result; `messageId` is null when nothing was stored (1001..1005). */
@ObjectType()
export class SmsSendResult {
  @Field()
  to!: string;

  @Field()
  submittedAt!: string;

  @Field(() => String, { nullable: true })
  messageId!: string | null;

  @Field(() => Int)
  errorCode!: number;

  @Field()
  message!: string;
}

@ObjectType()
export class SmsMessageList extends OffsetList(SmsMessage) {}
