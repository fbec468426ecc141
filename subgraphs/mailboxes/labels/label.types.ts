import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, Length, Matches } from 'class-validator';

@ObjectType('MailboxLabel')
export class LabelView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  mailboxId!: string;

  @Field()
  name!: string;

  @Field({ description: '#rrggbb' })
  color!: string;

  @Field()
  createdAt!: Date;
}

@InputType('CreateMailboxLabelInput')
export class CreateLabelInput {
  @Field()
  @Length(1, 64)
  @Matches(/^[^\s,/][^,/]*$/, { message: 'a name without commas or slashes, not starting with a space' })
  name!: string;

  @Field({ description: 'Hex color: #rgb or #rrggbb' })
  @Matches(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'a hex color such as #ff8800' })
  color!: string;
}

@InputType('MailboxLabelsInput')
export class LabelsInput {
  @Field(() => [String])
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  labels!: string[];
}
