import { Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { EmailTemplate } from '../entities/email-template.entity.js';

/**
 * The body of create and update. Every field is optional here; the service checks the rules
 * (create: name, subject and a body; update: only the fields given change, null clears alias or a body).
 */
@InputType()
export class EmailTemplateInput {
  @Field(() => String, { nullable: true, description: '1 to 200 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique per organization: letters, digits, _ . -; never starting with tpl_' })
  alias?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 998 characters; may use {{variables}}' })
  subject?: string | null;

  @Field(() => String, { nullable: true })
  htmlBody?: string | null;

  @Field(() => String, { nullable: true })
  textBody?: string | null;
}

@ObjectType()
export class EmailTemplateList extends OffsetList(EmailTemplate) {}
