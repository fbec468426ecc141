import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { IsOptional, Length, Matches } from 'class-validator';
import { MailboxOffsetList } from '../shared/list-meta.type.js';

@ObjectType('Mailbox')
export class MailboxView {
  @Field(() => ID, { description: 'mbx_…' })
  id!: string;

  @Field({ description: 'name@domain, lower-cased' })
  address!: string;

  @Field({ description: 'The local part of the address' })
  name!: string;

  @Field()
  domain!: string;

  @Field()
  createdAt!: Date;
}

@ObjectType('MailboxList')
export class MailboxList extends MailboxOffsetList(MailboxView) {}

@ObjectType('MailboxDeleted')
export class MailboxDeleted {
  @Field(() => ID)
  id!: string;

  @Field()
  deleted!: boolean;
}

@InputType('CreateMailboxInput')
export class CreateMailboxInput {
  @Field({ description: 'Local part: letters, digits, dots, hyphens, underscores and plus; 1 to 64 characters' })
  @Length(1, 64)
  @Matches(/^[A-Za-z0-9](?:[A-Za-z0-9._+-]*[A-Za-z0-9])?$/, {
    message: 'letters, digits and . _ + - (not first or last)',
  })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The default domain when absent; otherwise a verified custom domain',
  })
  @IsOptional()
  @Length(1, 253)
  @Matches(
    /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
    { message: 'a domain name' },
  )
  domain?: string | null;
}
