import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmContactInput, CrmMergeContactsInput } from './contact-input.types.js';
import { CrmPageArgs } from '../shared/crm-page.js';
import { ContactService } from './contact.service.js';
import { ContactWritesService } from './contact-writes.service.js';
import { ContactList, ContactView, ProvisionalRecord } from './contact.types.js';

@ArgsType()
class ContactListArgs extends CrmPageArgs {
  @Field({ nullable: true, description: 'Typeahead over name, email and phone' })
  search?: string;

  @Field({ nullable: true, description: 'ACTIVE, ARCHIVED, DELETED or MERGED; default ACTIVE and ARCHIVED' })
  status?: string;

  @Field({ nullable: true })
  lifecycleStage?: string;

  @Field({ nullable: true, description: 'CRM, SUPPORT or INTEGRATION' })
  module?: string;

  @Field({ nullable: true, description: 'Has an email' })
  isIdentified?: boolean;

  @Field({ nullable: true, description: 'ISO date: created at or after' })
  from?: string;

  @Field({ nullable: true, description: 'ISO date: created at or before' })
  to?: string;

  @Field({ nullable: true, description: 'createdAt, lastActivityAt, email or name' })
  sortBy?: string;

  @Field({ nullable: true, description: 'asc or desc (default)' })
  sortOrder?: string;
}

const CONTACT_ID = { description: 'Numeric id, ctc_ external id or email' };

@Resolver(() => ContactView)
export class ContactResolver {
  private readonly reads = new ContactService();
  private readonly writes = new ContactWritesService();

  @Authorized('crm')
  @Query(() => ContactView, {
    description: 'One contact by numeric id, ctc_ external id or email; PENDING while its creation has not committed',
  })
  contact(@Arg('id', () => ID, CONTACT_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<ContactView> {
    return this.reads.get(ctx.em, id);
  }

  @Authorized('crm')
  @Query(() => ContactList, { description: 'Contacts, newest first by default' })
  contacts(@Args() args: ContactListArgs, @Ctx() ctx: SubgraphContext): Promise<ContactList> {
    return this.reads.list(ctx.em, args);
  }

  @Authorized('crm')
  @Query(() => [ContactView], { description: 'Typeahead over name, email and phone' })
  searchContacts(
    @Arg('q', () => String) q: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactView[]> {
    return this.reads.search(ctx.em, q, limit ?? 10);
  }

  @Authorized('crm')
  @Mutation(() => ProvisionalRecord, {
    description:
      'Accepted asynchronously (202); CONTACT_EMAIL_EXISTS when a committed or pending contact has the email',
  })
  createContact(
    @Arg('input', () => CrmContactInput) input: CrmContactInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProvisionalRecord> {
    return this.writes.create(ctx.em, input);
  }

  @Authorized('crm')
  @Mutation(() => ProvisionalRecord, { description: 'Upsert by ctc_ external id (never 409 for the id)' })
  upsertContact(
    @Arg('externalId', () => ID) externalId: string,
    @Arg('input', () => CrmContactInput) input: CrmContactInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProvisionalRecord> {
    return this.writes.upsert(ctx.em, externalId, input);
  }

  @Authorized('crm')
  @Mutation(() => ProvisionalRecord, { description: 'Changes the given fields; custom properties merge' })
  updateContact(
    @Arg('id', () => ID, CONTACT_ID) id: string,
    @Arg('input', () => CrmContactInput) input: CrmContactInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProvisionalRecord> {
    return this.writes.patch(ctx.em, id, input);
  }

  @Authorized('crm')
  @Mutation(() => ProvisionalRecord, { description: 'Soft delete: DELETED' })
  deleteContact(@Arg('id', () => ID, CONTACT_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<ProvisionalRecord> {
    return this.writes.remove(ctx.em, id);
  }

  @Authorized('crm')
  @Mutation(() => ProvisionalRecord, {
    description: "Body {loserId}: the winner keeps the loser's companies, tags and activities; the loser ends MERGED",
  })
  mergeContacts(
    @Arg('winnerId', () => ID, CONTACT_ID) winnerId: string,
    @Arg('input', () => CrmMergeContactsInput) input: CrmMergeContactsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProvisionalRecord> {
    return this.writes.merge(ctx.em, winnerId, input);
  }
}
