import { Field, InputType } from 'type-graphql';

@InputType('CreateApiKeyInput')
export class CreatePlatformKeyInput {
  @Field(() => [String], {
    description: 'Module scopes (email, crm, ...) or `*`; each must be held by the creating key',
  })
  scopes!: string[];

  @Field(() => String, { nullable: true, description: '1..100 characters; default "server key"' })
  name?: string | null;
}
