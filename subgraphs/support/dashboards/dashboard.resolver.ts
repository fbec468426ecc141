import { Authorized, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

@ObjectType('SupportInboxLoad')
class InboxLoad {
  @Field()
  inboxId!: string;

  @Field()
  name!: string;

  @Field(() => Int)
  open!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  unassigned!: number;
}

@ObjectType('SupportAgentWorkload')
class AgentWorkload {
  @Field({ description: 'user_…' })
  userId!: string;

  @Field(() => Int, { description: 'Open or pending conversations assigned to the agent' })
  assigned!: number;

  @Field(() => Int, { description: 'Of those, the ones whose visitor waits for a reply' })
  waiting!: number;

  @Field({ description: "available, busy or offline (the most available of the agent's inboxes)" })
  status!: string;
}

/** Dashboards: open conversations per inbox, agent workload. */
@Resolver()
export class SupportDashboardResolver {
  @Authorized('support')
  @Query(() => [InboxLoad], { description: 'Open and pending conversations per inbox' })
  async supportOpenConversationsByInbox(@Ctx() ctx: SubgraphContext): Promise<InboxLoad[]> {
    const rows = await tenantSql(ctx.em).rows<Record<string, string>>(sql`
      select i.id, i.name, count(c.id) filter (where c.status = 'open') as open, count(c.id) filter (where c.status = 'pending') as pending,
             count(c.id) filter (where c.status in ('open', 'pending') and c.assignee_id is null) as unassigned
      from support.inboxes i left join support.conversations c on c.inbox_id = i.id and c.organization_id = ${ORG}
      where i.organization_id = ${ORG} group by i.id, i.name order by i.name, i.id`);
    return rows.map((r) => ({
      inboxId: r.id!,
      name: r.name!,
      open: Number(r.open),
      pending: Number(r.pending),
      unassigned: Number(r.unassigned),
    }));
  }

  @Authorized('support')
  @Query(() => [AgentWorkload], { description: 'Every inbox member with their open and pending conversations' })
  async supportAgentWorkload(@Ctx() ctx: SubgraphContext): Promise<AgentWorkload[]> {
    const rows = await tenantSql(ctx.em).rows<Record<string, string>>(sql`
      with agents as (
        select user_id, min(case status when 'available' then 0 when 'busy' then 1 else 2 end) as rank
        from support.inbox_members where organization_id = ${ORG} group by user_id)
      select a.user_id, a.rank, count(c.id) as assigned, count(c.id) filter (where c.waiting_since is not null) as waiting
      from agents a left join support.conversations c
        on c.assignee_id = a.user_id and c.organization_id = ${ORG} and c.status in ('open', 'pending')
      group by a.user_id, a.rank order by count(c.id) desc, a.user_id`);
    return rows.map((r) => ({
      userId: r.user_id!,
      assigned: Number(r.assigned),
      waiting: Number(r.waiting),
      status: ['available', 'busy', 'offline'][Number(r.rank)]!,
    }));
  }
}
