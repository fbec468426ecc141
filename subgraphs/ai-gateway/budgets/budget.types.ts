import { Field, Float, InputType, ObjectType } from 'type-graphql';

@ObjectType('AiBudget', {
  description: 'A spending limit per UTC day or month, of the organization or of one gateway key',
})
export class AiBudgetView {
  @Field()
  id!: string;

  @Field(() => String, { nullable: true, description: 'The gateway key it limits; null: the whole organization' })
  keyId!: string | null;

  @Field({ description: 'day or month (UTC)' })
  period!: string;

  @Field(() => Float)
  amountUsd!: number;

  @Field(() => Float, {
    description: "Spent in the current window (the usage log, plus this process's requests not yet written)",
  })
  spentUsd!: number;

  @Field({ description: 'Start of the current window' })
  windowStart!: Date;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType()
export class AiBudgetList {
  @Field(() => [AiBudgetView])
  data!: AiBudgetView[];
}

@InputType()
export class AiBudgetInput {
  @Field(() => String, { nullable: true, description: 'A gateway key id; absent or null: the whole organization' })
  keyId?: string | null;

  @Field({ description: 'day or month' })
  period!: string;

  @Field(() => Float, { description: 'USD, more than 0' })
  amountUsd!: number;
}
