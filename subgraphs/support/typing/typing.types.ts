import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('SupportTypingAck', { description: 'A typing signal accepted: delivered live, never stored' })
export class TypingAck {
  @Field(() => ID)
  conversationId!: string;

  @Field()
  typing!: boolean;

  @Field(() => Int, {
    description: 'The signal ends by itself after this many milliseconds unless renewed (0 when typing is false)',
  })
  expiresInMs!: number;
}
