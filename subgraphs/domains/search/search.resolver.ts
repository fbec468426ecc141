import { Arg, Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { DomainsDeps } from '../domains-deps.js';
import { SearchService } from './search.service.js';
import { DomainAvailabilityView, DomainSearchArgs, SearchResult } from './search.types.js';

@Resolver()
export class SearchResolver {
  private readonly service: SearchService;

  constructor(deps: DomainsDeps) {
    this.service = new SearchService(deps);
  }

  @Authorized('domains')
  @Query(() => SearchResult, { description: 'The term on each TLD, plus a few suggestions' })
  domainSearch(@Args() args: DomainSearchArgs, @Ctx() ctx: SubgraphContext): Promise<SearchResult> {
    return this.service.search(ctx.em, args);
  }

  @Authorized('domains')
  @Query(() => DomainAvailabilityView)
  domainAvailability(@Arg('domain') domain: string, @Ctx() ctx: SubgraphContext): Promise<DomainAvailabilityView> {
    return this.service.check(ctx.em, domain);
  }
}
