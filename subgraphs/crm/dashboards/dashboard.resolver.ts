import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { invalid } from '../../../platform/errors/domain-error.js';
import { isoDate } from '../shared/sql-list.js';
import { DailyContactCount, LifecycleStageCount, ListSize } from './dashboard.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const DAY_MS = 86_400_000;

/** Dashboard queries: live contacts by lifecycle stage, new contacts per day, list sizes. */
@Resolver()
export class CrmDashboardResolver {
  @Authorized('crm')
  @Query(() => [LifecycleStageCount], { description: 'Active and archived contacts per lifecycle stage' })
  crmContactsByLifecycleStage(@Ctx() ctx: SubgraphContext): Promise<LifecycleStageCount[]> {
    return tenantSql(ctx.em)
      .rows<LifecycleStageCount>(sql`select lifecycle_stage as "lifecycleStage", count(*)::int as count from crm.contacts where organization_id = ${ORG} and status in ('ACTIVE', 'ARCHIVED')
       group by lifecycle_stage order by count desc, lifecycle_stage nulls last`);
  }

  @Authorized('crm')
  @Query(() => [DailyContactCount], {
    description: 'Contacts created per UTC day, every day of the range (default the last 30 days, at most 366)',
  })
  async crmNewContactsPerDay(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | undefined,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DailyContactCount[]> {
    const to = toDate ? isoDate('toDate', toDate) : new Date();
    const from = fromDate ? isoDate('fromDate', fromDate) : new Date(to.getTime() - 29 * DAY_MS);
    if (from > to || to.getTime() - from.getTime() > 366 * DAY_MS)
      throw invalid('fromDate', fromDate ?? null, 'a range of at most 366 days ending at toDate');
    const rows = await tenantSql(ctx.em).rows<{
      date: string;
      count: number;
    }>(sql`select to_char(d, 'YYYY-MM-DD') as date, coalesce(n.count, 0)::int as count
       from generate_series(date_trunc('day', ${from}::timestamptz at time zone 'UTC'), date_trunc('day', ${to}::timestamptz at time zone 'UTC'), interval '1 day') d
       left join (select date_trunc('day', created_at at time zone 'UTC') as day, count(*) as count from crm.contacts
                  where organization_id = ${ORG} and created_at >= date_trunc('day', ${from}::timestamptz at time zone 'UTC') at time zone 'UTC' and created_at < (date_trunc('day', ${to}::timestamptz at time zone 'UTC') + interval '1 day') at time zone 'UTC'
                  group by 1) n on n.day = d
       order by d`);
    return rows;
  }

  @Authorized('crm')
  @Query(() => [ListSize])
  async crmListSizes(@Ctx() ctx: SubgraphContext): Promise<ListSize[]> {
    const rows = await tenantSql(ctx.em)
      .rows<ListSize>(sql`select id as "listId", name, is_dynamic as "isDynamic", member_count as "memberCount", last_evaluated_at as "lastEvaluatedAt"
       from crm.lists where organization_id = ${ORG} order by member_count desc, id`);
    return rows.map((r) => ({ ...r, lastEvaluatedAt: r.lastEvaluatedAt ? new Date(r.lastEvaluatedAt) : null }));
  }
}
