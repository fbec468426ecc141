import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class FormAnalyticsSummary {
  @Field(() => Int)
  views!: number;

  @Field(() => Int, { description: 'Submissions started (first partial save or submit)' })
  starts!: number;

  @Field(() => Int)
  completions!: number;

  @Field(() => Float, { description: 'completions / views, at most 1; 0 without views' })
  completionRate!: number;
}

@ObjectType()
export class FormAnalyticsBucket {
  @Field({
    description: 'YYYY-MM-DD: the day, the Monday of the week, or the first of the month, in the requested time zone',
  })
  date!: string;

  @Field(() => Int)
  views!: number;

  @Field(() => Int)
  starts!: number;

  @Field(() => Int)
  completions!: number;
}

@ObjectType()
export class FormFieldDropOff {
  @Field(() => Int)
  fieldId!: number;

  @Field()
  ref!: string;

  @Field()
  label!: string;

  @Field(() => Int, { description: 'Unfinished submissions whose last field reached is this one' })
  count!: number;
}

@ObjectType()
export class FormAnalytics {
  @Field(() => FormAnalyticsSummary)
  summary!: FormAnalyticsSummary;

  @Field(() => [FormAnalyticsBucket], { description: 'Buckets with activity, oldest first' })
  daily!: FormAnalyticsBucket[];

  @Field(() => [FormFieldDropOff], { description: 'Per field: unfinished submissions that stopped there' })
  dropOff!: FormFieldDropOff[];
}
