import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { ContactInput } from '../shared/contact.types.js';

@InputType('RegisterDomainInput')
export class RegisterDomainInput {
  @MaxLength(300)
  @Field({ description: 'Unicode or A-label form, e.g. example.com or bücher.de' })
  domainName!: string;

  @IsOptional()
  @Min(1)
  @Max(10)
  @Field(() => Int, { nullable: true, description: '1 to 10; default 1' })
  years?: number | null;

  @ValidateNested()
  @Field(() => ContactInput, { description: 'Also used as the admin, tech and billing contact until changed' })
  registrant!: ContactInput;

  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  whoisPrivacy?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  autoRenew?: boolean | null;
}

@InputType('RenewDomainInput')
export class RenewDomainInput {
  @IsOptional()
  @Min(1)
  @Max(10)
  @Field(() => Int, { nullable: true, description: '1 to 10; default 1' })
  years?: number | null;
}

@InputType('DomainSettingsInput')
export class DomainSettingsInput {
  @Field(() => Boolean, { nullable: true })
  autoRenew?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  whoisPrivacy?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'While true, transfers away are refused (TRANSFER_LOCKED)' })
  registrarLock?: boolean | null;
}

@InputType('DomainNameserversInput')
export class NameserversInput {
  @ArrayMinSize(2)
  @ArrayMaxSize(13)
  @MaxLength(253, { each: true })
  @Field(() => [String], { description: '2 to 13 host names' })
  nameservers!: string[];
}

@ArgsType()
export class DomainListArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: 'ACTIVE, EXPIRED or TRANSFERRED_OUT' })
  status?: string;

  @IsOptional()
  @Min(0)
  @Max(3650)
  @Field(() => Int, { nullable: true, description: 'Only domains that expire within this many days' })
  expiringWithinDays?: number;
}

@ObjectType('Domain', { description: 'A domain the organization holds' })
export class DomainView {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'A-label form (what DNS uses)' })
  domainName!: string;

  @Field({ description: 'Unicode form, for display' })
  unicodeName!: string;

  @Field()
  tld!: string;

  @Field({ description: 'ACTIVE, EXPIRED or TRANSFERRED_OUT' })
  status!: string;

  @Field()
  registeredAt!: Date;

  @Field()
  expiresAt!: Date;

  @Field()
  autoRenew!: boolean;

  @Field()
  whoisPrivacy!: boolean;

  @Field()
  registrarLock!: boolean;

  @Field(() => [String])
  nameservers!: string[];

  @Field({ description: 'Whether the zone is signed' })
  dnssec!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('DomainList')
export class DomainList extends OffsetList(DomainView) {}

@ObjectType('DomainAuthCode')
export class AuthCodeView {
  @Field()
  domainName!: string;

  @Field({ description: 'Give it to the gaining registrar; changes after every transfer' })
  authCode!: string;
}
