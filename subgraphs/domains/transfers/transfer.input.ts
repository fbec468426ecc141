import { ArgsType, Field, InputType } from 'type-graphql';
import { Length, MaxLength, ValidateNested } from 'class-validator';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
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

@ArgsType()
export class TransferListArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: 'PENDING, COMPLETED, CANCELLED or FAILED' })
  status?: string;
}
