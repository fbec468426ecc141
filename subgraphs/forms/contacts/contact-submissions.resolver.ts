import { Ctx, Directive, Field, FieldResolver, ID, ObjectType, Resolver, Root, Authorized } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { FormSubmissionView } from '../submissions/form-submission.types.js';
import { contactSubmissionsLoader, SUBMISSIONS_PER_CONTACT } from './contact-submissions.loader.js';

/** CRM's contact as the forms subgraph sees it: its key, and the email the gateway fetches from CRM for us. */
@ObjectType('Contact')
@Directive('@key(fields: "id")')
export class ContactWithSubmissions {
  @Field(() => ID)
  id!: string;

  @Directive('@external')
  @Field(() => String, { nullable: true })
  email?: string | null;
}

@Resolver(() => ContactWithSubmissions)
export class ContactSubmissionsResolver {
  @Authorized('forms')
  @Directive('@requires(fields: "email")')
  @FieldResolver(() => [FormSubmissionView], {
    description: `Form submissions whose respondentEmail is the contact's email, newest first (at most ${SUBMISSIONS_PER_CONTACT})`,
  })
  formSubmissions(
    @Root() contact: ContactWithSubmissions,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormSubmissionView[]> | FormSubmissionView[] {
    if (!contact.email) return [];
    return contactSubmissionsLoader(ctx).load(contact.email.toLowerCase());
  }
}
