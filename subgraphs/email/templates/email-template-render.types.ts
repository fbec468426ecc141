import { Field, ObjectType } from 'type-graphql';

@ObjectType('EmailTemplateRendering', {
  description: 'A template rendered as a send with these values would render it; nothing is stored or sent',
})
export class EmailTemplateRendering {
  @Field()
  subject!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Values HTML-escaped, as sending does; null when the template has no HTML body',
  })
  html!: string | null;

  @Field(() => String, { nullable: true, description: 'null when the template has no text body' })
  text!: string | null;

  @Field(() => [String], { description: 'Every variable the subject and bodies use, in order of first use' })
  variables!: string[];

  @Field(() => [String], { description: 'Variables the template uses that were not given: they render empty' })
  missingVariables!: string[];
}
