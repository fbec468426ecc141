import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { DomainsDeps } from '../domains-deps.js';
import { DnssecService } from './dnssec.service.js';
import { DnssecStatusView, DsRecordView } from './dnssec.types.js';

@Resolver()
export class DnssecResolver {
  private readonly service: DnssecService;

  constructor(deps: DomainsDeps) {
    this.service = new DnssecService(deps);
  }

  @Authorized('domains')
  @Query(() => DnssecStatusView)
  domainDnssec(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext) {
    return this.service.status(ctx.em, domainName);
  }

  @Authorized('domains')
  @Query(() => [DsRecordView], {
    description: 'DS records (SHA-256) to give the parent zone; empty while DNSSEC is off',
  })
  domainDsRecords(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext) {
    return this.service.ds(ctx.em, domainName);
  }

  @Authorized('domains')
  @Mutation(() => DnssecStatusView)
  enableDomainDnssec(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext) {
    return this.service.enable(ctx.em, domainName);
  }

  @Authorized('domains')
  @Mutation(() => DnssecStatusView)
  disableDomainDnssec(@Arg('domainName') domainName: string, @Ctx() ctx: SubgraphContext) {
    return this.service.disable(ctx.em, domainName);
  }
}
