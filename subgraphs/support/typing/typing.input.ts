import { IsBoolean, IsOptional, Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';

@InputType('SupportTypingInput')
export class SupportTypingInput {
  @Field({ description: 'true while typing (renew within expiresInMs), false when stopped' })
  @IsBoolean()
  typing!: boolean;

  @Field(() => String, {
    nullable: true,
    description: "A member of the inbox (user_…): the visitor sees their name; without it, the inbox's",
  })
  @IsOptional()
  @Length(1, 100)
  authorId?: string | null;
}

@InputType('SupportWidgetTypingInput')
export class WidgetTypingInput {
  @Field({ description: 'true while the visitor types (renew within expiresInMs), false when stopped' })
  @IsBoolean()
  typing!: boolean;
}
