import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { DomainService } from './domain.service.js';
import { CreateDomainInput, DomainDeleted, DomainList, DomainView } from './domain.types.js';

@Resolver()
export class DomainResolver {
  private readonly domains: DomainService;

  constructor(deps: MailboxesDeps) {
    this.domains = new DomainService(deps);
  }

  @Authorized('mailboxes')
  @Query(() => DomainList)
  mailboxDomains(@Arg('limit', () => Int, { nullable: true }) limit: number | null, @Arg('offset', () => Int, { nullable: true }) offset: number | null, @Ctx() ctx: SubgraphContext): Promise<DomainList> {
    return this.domains.list(ctx.em, limit, offset);
  }

  @Authorized('mailboxes')
  @Query(() => DomainView)
  mailboxDomain(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DomainView> {
    return this.domains.get(ctx.em, id);
  }

  @Authorized('mailboxes')
  @Mutation(() => DomainView, { description: 'Registers a domain; the answer lists the DNS records to publish' })
  createMailboxDomain(@Arg('input', () => CreateDomainInput) input: CreateDomainInput, @Ctx() ctx: SubgraphContext): Promise<DomainView> {
    return this.domains.create(ctx.em, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => DomainView, { description: 'Looks the records up over DNS; a verdict per record' })
  verifyMailboxDomain(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DomainView> {
    return this.domains.verify(ctx.em, id);
  }

  @Authorized('mailboxes')
  @Mutation(() => DomainDeleted)
  deleteMailboxDomain(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DomainDeleted> {
    return this.domains.delete(ctx.em, id);
  }
}
