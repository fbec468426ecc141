import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { Length, MaxLength, ValidateNested } from 'class-validator';
import { ContactInput } from '../shared/contact.types.js';

@InputType('TransferDomainInput')
export class TransferDomainInput {
  @MaxLength(300)
  @Field()
  domainName!: string;

  @Length(1, 128)
  @Field({ description: 'The code the current registrar gave the holder' })
  authCode!: string;

  @ValidateNested()
  @Field(() => ContactInput)
  registrant!: ContactInput;

  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  whoisPrivacy?: boolean | null;
}

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
