import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { DomainsDeps } from '../domains-deps.js';
import { ContactInput, ContactsView } from '../shared/contact.types.js';
import { DomainService } from './domain.service.js';
import {
  AuthCodeView,
  DomainList,
  DomainListArgs,
  DomainSettingsInput,
  DomainView,
  NameserversInput,
  RegisterDomainInput,
  RenewDomainInput,
} from './domain.types.js';

@Resolver()
export class DomainResolver {
  private readonly service: DomainService;

  constructor(deps: DomainsDeps) {
    this.service = new DomainService(deps);
  }

  @Authorized('domains')
  @Mutation(() => DomainView, { description: 'Registers a name for 1 to 10 years' })
  registerDomain(
    @Arg('input', () => RegisterDomainInput) input: RegisterDomainInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DomainView> {
    return this.service.register(ctx.em, input);
  }

  @Authorized('domains')
  @Query(() => DomainList, { description: "The organization's domains, oldest first (default 50, max 100)" })
  domains(@Args() args: DomainListArgs, @Ctx() ctx: SubgraphContext) {
    return this.service.list(ctx.em, args);
  }

  @Authorized('domains')
  @Query(() => DomainView)
  domain(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext): Promise<DomainView> {
    return this.service.get(ctx.em, domainName);
  }

  @Authorized('domains')
  @Mutation(() => DomainView)
  renewDomain(
    @Arg('domainName') domainName: string,
    @Arg('input', () => RenewDomainInput) input: RenewDomainInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DomainView> {
    return this.service.renew(ctx.em, domainName, input);
  }

  @Authorized('domains')
  @Mutation(() => DomainView)
  updateDomainSettings(
    @Arg('domainName') domainName: string,
    @Arg('input', () => DomainSettingsInput) input: DomainSettingsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DomainView> {
    return this.service.updateSettings(ctx.em, domainName, input);
  }

  @Authorized('domains')
  @Query(() => AuthCodeView)
  domainAuthCode(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext) {
    return this.service.authCode(ctx.em, domainName);
  }

  @Authorized('domains')
  @Mutation(() => DomainView)
  setDomainNameservers(
    @Arg('domainName') domainName: string,
    @Arg('input', () => NameserversInput) input: NameserversInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DomainView> {
    return this.service.setNameservers(ctx.em, domainName, input);
  }

  @Authorized('domains')
  @Query(() => ContactsView)
  domainContacts(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext) {
    return this.service.contacts(ctx.em, domainName);
  }

  @Authorized('domains')
  @Mutation(() => ContactsView, { description: 'contactType: registrant, admin, tech or billing' })
  setDomainContact(
    @Arg('domainName') domainName: string,
    @Arg('contactType') contactType: string,
    @Arg('input', () => ContactInput) input: ContactInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return this.service.setContact(ctx.em, domainName, contactType, input);
  }
}
