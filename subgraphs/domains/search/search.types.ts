import { ArgsType, Field, Float, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';

@ArgsType()
export class DomainSearchArgs {
  @MaxLength(253)
  @Field({ description: 'A word, words, or a name with its TLD (`acme`, `acme shop`, `acme.io`)' })
  query!: string;

  @IsOptional()
  @ArrayMaxSize(20)
  @Field(() => [String], { nullable: true, description: 'TLDs to try (default: every supported TLD)' })
  tlds?: string[];
}

@ObjectType('DomainSearchAvailable')
export class AvailableName {
  @Field()
  domain!: string;

  @Field(() => Float, { description: 'USD for the first year' })
  price!: number;

  @Field()
  isPremium!: boolean;
}

@ObjectType('DomainSearchUnavailable')
export class UnavailableName {
  @Field()
  domain!: string;
}

@ObjectType('DomainSearchResult')
export class SearchResult {
  @Field(() => [AvailableName])
  available!: AvailableName[];

  @Field(() => [UnavailableName])
  unavailable!: UnavailableName[];
}

@ObjectType('DomainAvailability')
export class DomainAvailabilityView {
  @Field({ description: 'A-label form' })
  domain!: string;

  @Field()
  available!: boolean;

  @Field(() => Float, { description: 'USD per year to register' })
  price!: number;

  @Field(() => Float, { description: 'USD per year to renew' })
  renewalPrice!: number;

  @Field()
  isPremium!: boolean;

  @Field()
  currency!: string;
}
