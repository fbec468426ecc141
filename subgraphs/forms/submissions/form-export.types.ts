import { Field, ObjectType } from 'type-graphql';

/** One page of an export, already rendered; pages concatenate to the whole file. */
@ObjectType()
export class FormExportPage {
  @Field({ description: 'CSV lines (the first page starts with the header) or a slice of one JSON array' })
  chunk!: string;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page' })
  nextCursor!: string | null;
}
