import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmCompanyInput } from './company-input.types.js';
import { CrmPageArgs } from '../shared/crm-page.js';
import { CompanyService } from './company.service.js';
import { CompanyContactLink, CompanyList, CompanyView, companyView } from './company.types.js';
import { CompanyWriteResult } from './company-write.types.js';

@ArgsType()
class CompanyListArgs extends CrmPageArgs {
  @Field({ nullable: true })
  search?: string;

  @Field({ nullable: true, description: 'ACTIVE, ARCHIVED or DELETED; default all but DELETED' })
  status?: string;

  @Field({ nullable: true })
  size?: string;

  @Field({ nullable: true })
  industry?: string;

  @Field({ nullable: true })
  from?: string;

  @Field({ nullable: true })
  to?: string;

  @Field({ nullable: true, description: 'createdAt, name or domain' })
  sortBy?: string;

  @Field({ nullable: true })
  sortOrder?: string;
}

const COMPANY_ID = { description: 'Numeric id or cmp_ external id' };

@Resolver(() => CompanyView)
export class CompanyResolver {
  private readonly service = new CompanyService();

  @Authorized('crm')
  @Query(() => CompanyView)
  async company(@Arg('id', () => ID, COMPANY_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<CompanyView> {
    return companyView(await this.service.get(ctx.em, id));
  }

  @Authorized('crm')
  @Query(() => CompanyList)
  companies(@Args() args: CompanyListArgs, @Ctx() ctx: SubgraphContext): Promise<CompanyList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('crm')
  @Query(() => [CompanyView])
  searchCompanies(
    @Arg('q', () => String) q: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyView[]> {
    return this.service.search(ctx.em, q, limit ?? 10);
  }

  @Authorized('crm')
  @Query(() => [CompanyContactLink], { description: 'Contacts of a company with their roles' })
  companyContacts(
    @Arg('id', () => ID, COMPANY_ID) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyContactLink[]> {
    return this.service.contacts(ctx.em, id);
  }

  @Authorized('crm')
  @Mutation(() => CompanyWriteResult, { description: 'COMPANY_DOMAIN_EXISTS when a company has the domain' })
  createCompany(
    @Arg('input', () => CrmCompanyInput) input: CrmCompanyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyWriteResult> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('crm')
  @Mutation(() => CompanyWriteResult)
  upsertCompany(
    @Arg('externalId', () => ID) externalId: string,
    @Arg('input', () => CrmCompanyInput) input: CrmCompanyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyWriteResult> {
    return this.service.upsert(ctx.em, externalId, input);
  }

  @Authorized('crm')
  @Mutation(() => CompanyWriteResult)
  updateCompany(
    @Arg('id', () => ID, COMPANY_ID) id: string,
    @Arg('input', () => CrmCompanyInput) input: CrmCompanyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyWriteResult> {
    return this.service.patch(ctx.em, id, input);
  }

  @Authorized('crm')
  @Mutation(() => CompanyWriteResult, { description: 'Soft delete: DELETED' })
  deleteCompany(@Arg('id', () => ID, COMPANY_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<CompanyWriteResult> {
    return this.service.remove(ctx.em, id);
  }
}
