import { Field, InputType, ObjectType } from 'type-graphql';
import { IsISO31661Alpha2, IsOptional, IsPhoneNumber, Length, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { IsE164 } from '../../../platform/validation/phone-number.js';

@InputType('DomainContactInput', { description: 'A registration contact (registrant, admin, tech or billing)' })
export class ContactInput {
  @Length(1, 100)
  @Field()
  firstName!: string;

  @Length(1, 100)
  @Field()
  lastName!: string;

  @IsOptional()
  @MaxLength(200)
  @Field(() => String, { nullable: true })
  organization?: string | null;

  @IsEmailAddress()
  @MaxLength(254)
  @Field()
  email!: string;

  @IsE164()
  @IsPhoneNumber(undefined, { message: 'a valid phone number' })
  @Field({ description: 'E.164, e.g. +14155550100' })
  phone!: string;

  @Length(1, 200)
  @Field()
  address!: string;

  @Length(1, 100)
  @Field()
  city!: string;

  @IsOptional()
  @MaxLength(100)
  @Field(() => String, { nullable: true })
  state?: string | null;

  @Length(1, 20)
  @Field()
  postalCode!: string;

  @IsISO31661Alpha2({ message: 'an ISO 3166-1 alpha-2 country code such as US' })
  @Field({ description: 'ISO 3166-1 alpha-2, e.g. US' })
  country!: string;
}

@ObjectType('DomainContact')
export class DomainContactView {
  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field(() => String, { nullable: true })
  organization!: string | null;

  @Field()
  email!: string;

  @Field()
  phone!: string;

  @Field()
  address!: string;

  @Field()
  city!: string;

  @Field(() => String, { nullable: true })
  state!: string | null;

  @Field()
  postalCode!: string;

  @Field()
  country!: string;
}

@ObjectType('DomainContacts')
export class ContactsView {
  @Field()
  domainName!: string;

  @Field(() => DomainContactView)
  registrant!: DomainContactView;

  @Field(() => DomainContactView)
  admin!: DomainContactView;

  @Field(() => DomainContactView)
  tech!: DomainContactView;

  @Field(() => DomainContactView)
  billing!: DomainContactView;
}
