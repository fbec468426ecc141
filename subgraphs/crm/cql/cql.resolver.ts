import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { invalid } from '../../../platform/errors/domain-error.js';
import { CrmFilterInput, CrmQueryInput } from './cql-input.types.js';
import { ContactList } from '../contacts/contact.types.js';
import { CompanyList } from '../companies/company.types.js';
import { operatorsFor, fieldRegistry } from './cql-fields.js';
import { CqlQueryService } from './cql-query.service.js';
import { CrmFieldInfo, CrmQueryResult } from './cql-query.types.js';

/** The `/filter` body `{filter, page, limit, sortBy, sortOrder}` as a CQL query. */
function filterInput(entity: 'contact' | 'company', input: CrmFilterInput) {
  const sort = input.sortBy ? `${input.sortBy}:${input.sortOrder ?? 'desc'}` : undefined;
  return { entity, filter: input.filter, page: input.page, limit: input.limit, sort };
}

@Resolver()
export class CqlResolver {
  private readonly service = new CqlQueryService();

  @Authorized('crm')
  @Query(() => CrmQueryResult, {
    description:
      'CQL: {entity, where | filter, sort "field:direction", page, limit}; meta adds queryTimeMs and estimatedCost',
  })
  crmQuery(
    @Arg('input', () => CrmQueryInput) input: CrmQueryInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CrmQueryResult> {
    return this.service.query(ctx.em, input);
  }

  @Authorized('crm')
  @Query(() => ContactList, { description: 'POST /crm/contacts/filter: {filter, page, limit, sortBy, sortOrder}' })
  async filterContacts(
    @Arg('input', () => CrmFilterInput) input: CrmFilterInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactList> {
    const result = await this.service.query(ctx.em, filterInput('contact', input));
    return { data: result.contacts!, meta: result.meta };
  }

  @Authorized('crm')
  @Query(() => CompanyList, { description: 'POST /crm/companies/filter' })
  async filterCompanies(
    @Arg('input', () => CrmFilterInput) input: CrmFilterInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompanyList> {
    const result = await this.service.query(ctx.em, filterInput('company', input));
    return { data: result.companies!, meta: result.meta };
  }

  @Authorized('crm')
  @Query(() => [CrmFieldInfo], { description: 'System fields and custom properties with their types and operators' })
  async crmFields(
    @Arg('entity', () => String, { nullable: true }) entity: string | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CrmFieldInfo[]> {
    const e = entity ?? 'contact';
    if (e !== 'contact' && e !== 'company') throw invalid('entity', e, ['contact', 'company']);
    const registry = await fieldRegistry(ctx.em, e);
    return registry.fields.map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      isSystem: f.system,
      operators: operatorsFor(f.type),
      options: f.options ? [...f.options] : null,
      access: f.access,
    }));
  }
}
