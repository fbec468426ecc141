import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { DomainsDeps } from '../domains-deps.js';
import { DnsRecordService } from './dns-record.service.js';
import {
  DnsPresetInput,
  DnsPresetResult,
  DnsRecordDeleted,
  DnsRecordInput,
  DnsRecordList,
  DnsRecordListArgs,
  DnsRecordView,
  UpdateDnsRecordInput,
} from './dns-record.types.js';

@Resolver()
export class DnsRecordResolver {
  private readonly service: DnsRecordService;

  constructor(deps: DomainsDeps) {
    this.service = new DnsRecordService(deps);
  }

  @Authorized('domains')
  @Query(() => DnsRecordList, { description: "Records of a domain's zone (default 100, max 500)" })
  dnsRecords(@Args() args: DnsRecordListArgs, @Ctx() ctx: SubgraphContext) {
    return this.service.list(ctx.em, args);
  }

  @Authorized('domains')
  @Mutation(() => DnsRecordView)
  createDnsRecord(
    @Arg('domainName') domainName: string,
    @Arg('input', () => DnsRecordInput) input: DnsRecordInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DnsRecordView> {
    return this.service.create(ctx.em, domainName, input);
  }

  @Authorized('domains')
  @Mutation(() => DnsRecordView)
  updateDnsRecord(
    @Arg('domainName') domainName: string,
    @Arg('recordId', () => ID) recordId: string,
    @Arg('input', () => UpdateDnsRecordInput) input: UpdateDnsRecordInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DnsRecordView> {
    return this.service.update(ctx.em, domainName, recordId, input);
  }

  @Authorized('domains')
  @Mutation(() => DnsRecordDeleted)
  deleteDnsRecord(
    @Arg('domainName') domainName: string,
    @Arg('recordId', () => ID) recordId: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return this.service.delete(ctx.em, domainName, recordId);
  }

  @Authorized('domains')
  @Mutation(() => DnsPresetResult)
  applyDnsPreset(
    @Arg('domainName') domainName: string,
    @Arg('input', () => DnsPresetInput) input: DnsPresetInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DnsPresetResult> {
    return this.service.applyPreset(ctx.em, domainName, input);
  }
}
