import { Field, Float, ID, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';

@ObjectType('DomainTransfer')
export class TransferView {
  @Field(() => ID)
  id!: string;

  @Field()
  domainName!: string;

  @Field({ description: 'PENDING, COMPLETED, CANCELLED or FAILED' })
  status!: string;

  @Field(() => Float, { description: 'USD, includes one year added to the registration' })
  price!: number;

  @Field({ description: 'When the registrar is expected to complete it' })
  completesAt!: Date;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => String, { nullable: true })
  failureReason!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('DomainTransferList')
export class TransferList extends OffsetList(TransferView) {}
