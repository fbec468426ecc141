import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { MailboxDomainService } from './domain.service.js';
import { CreateDomainInput, DomainDeleted, MailboxDomainList, MailboxDomainView } from './domain.types.js';

@Resolver()
export class MailboxDomainResolver {
  private readonly domains: MailboxDomainService;

  constructor(deps: MailboxesDeps) {
    this.domains = new MailboxDomainService(deps);
  }

  @Authorized('mailboxes')
  @Query(() => MailboxDomainList)
  mailboxDomains(
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxDomainList> {
    return this.domains.list(ctx.em, limit, offset);
  }

  @Authorized('mailboxes')
  @Query(() => MailboxDomainView)
  mailboxDomain(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<MailboxDomainView> {
    return this.domains.get(ctx.em, id);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxDomainView, { description: 'Registers a domain; the answer lists the DNS records to publish' })
  createMailboxDomain(
    @Arg('input', () => CreateDomainInput) input: CreateDomainInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxDomainView> {
    return this.domains.create(ctx.em, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxDomainView, { description: 'Looks the records up over DNS; a verdict per record' })
  verifyMailboxDomain(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<MailboxDomainView> {
    return this.domains.verify(ctx.em, id);
  }

  @Authorized('mailboxes')
  @Mutation(() => DomainDeleted)
  deleteMailboxDomain(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DomainDeleted> {
    return this.domains.delete(ctx.em, id);
  }
}
