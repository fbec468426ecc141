import { Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { AuditLogArgs, AuditLogList, listAuditLogs } from './audit-log.service.js';

@Resolver()
export class AuditLogResolver {
  @Authorized('auth')
  @Query(() => AuditLogList, { description: 'Audit log, newest first (count default 50, max 500)' })
  authLogs(@Args() args: AuditLogArgs, @Ctx() ctx: SubgraphContext): Promise<AuditLogList> {
    return listAuditLogs(ctx.em, args);
  }
}
