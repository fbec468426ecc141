import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';

/** A template as GET /sms/templates lists it: pool ones (numeric `templateId`) and the organization's own. */
@ObjectType()
export class SmsTemplateView {
  @Field(() => Int, { nullable: true, description: 'Pool template id; null for custom templates' })
  templateId!: number | null;

  @Field(() => String, { nullable: true, description: 'Id of a custom template (smstpl_…); null for pool templates' })
  id!: string | null;

  @Field()
  alias!: string;

  @Field()
  name!: string;

  @Field()
  body!: string;

  @Field({ description: 'POOL or CUSTOM' })
  type!: string;

  @Field({ description: 'Whether this organization may send it (custom templates always)' })
  approved!: boolean;

  @Field(() => [String], { description: 'Variables the body uses' })
  variables!: string[];
}

@ObjectType()
export class SmsTemplateList extends OffsetList(SmsTemplateView) {}

@InputType()
export class SmsTemplateInput {
  @Field({ nullable: true })
  alias?: string;

  @Field({ nullable: true })
  name?: string;

  @Field({ nullable: true })
  body?: string;
}
