import { Field, Int, ObjectType } from 'type-graphql';

/** A property definition. System fields appear with `isSystem: true` and no id. */
@ObjectType()
export class PropertyView {
  @Field(() => Int, { nullable: true })
  id!: number | null;

  @Field()
  key!: string;

  @Field({ description: 'CONTACT, COMPANY or CONTACT_COMPANY' })
  entity!: string;

  @Field()
  label!: string;

  @Field()
  type!: string;

  @Field({ description: 'BASIC, CONTACT_INFO, SOCIAL, COMPANY_INFO or CUSTOM' })
  group!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => [String])
  options!: string[];

  @Field()
  isRequired!: boolean;

  @Field()
  isSystem!: boolean;

  @Field({ description: 'Deleted: values kept, hidden from the UI and from CQL' })
  archived!: boolean;
}
