import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Length, Matches } from 'class-validator';
import { MailboxOffsetList } from '../shared/list-meta.type.js';

@ObjectType('MailboxDomainRecord', {
  description: 'A DNS record to publish, with its verdict at the last verification',
})
export class DomainRecordView {
  @Field({ description: 'MX or TXT' })
  type!: string;

  @Field()
  name!: string;

  @Field({ description: 'For MX the host alone; its preference is priority' })
  value!: string;

  @Field(() => Int, { nullable: true, description: 'MX preference; null for TXT records' })
  priority!: number | null;

  @Field({ description: 'mx, spf, dkim or dmarc' })
  purpose!: string;

  @Field({ description: 'pending (never checked), verified, missing or error' })
  status!: string;

  @Field(() => [String], { description: 'What the lookup found at that name' })
  found!: string[];
}

@ObjectType('MailboxDomain')
export class MailboxDomainView {
  @Field(() => ID, { description: 'dom_…' })
  id!: string;

  @Field()
  domain!: string;

  @Field({ description: 'pending, verified or failed' })
  status!: string;

  @Field(() => [DomainRecordView])
  records!: DomainRecordView[];

  @Field(() => Date, { nullable: true })
  verifiedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  lastCheckedAt!: Date | null;

  @Field()
  createdAt!: Date;
}

@ObjectType('MailboxDomainList')
export class MailboxDomainList extends MailboxOffsetList(MailboxDomainView) {}

@ObjectType('MailboxDomainDeleted')
export class DomainDeleted {
  @Field(() => ID)
  id!: string;

  @Field()
  deleted!: boolean;
}

@InputType('CreateMailboxDomainInput')
export class CreateDomainInput {
  @Field()
  @Length(4, 253)
  @Matches(/^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/, {
    message: 'a domain name such as mail.example.com',
  })
  domain!: string;
}
