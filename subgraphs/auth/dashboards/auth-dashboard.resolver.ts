import type { EntityManager } from '@mikro-orm/postgresql';
import { Arg, Authorized, Ctx, Field, Float, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { invalid } from '../../../platform/errors/domain-error.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { AuthDeps } from '../auth-deps.js';

@ObjectType('AuthSignInDay')
export class SignInDay {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) date!: string;
  @Field(() => Int) successes!: number;
  @Field(() => Int) failures!: number;
  @Field(() => Int, { description: 'Distinct users with a successful sign-in' }) activeUsers!: number;
}

@ObjectType('AuthMfaAdoption')
export class MfaAdoption {
  @Field(() => Int, { description: 'Live (not deleted) users' }) users!: number;
  @Field(() => Int, { description: 'Users with a verified factor' }) withMfa!: number;
  @Field(() => Float, { description: 'withMfa / users, 0 when there are none' }) rate!: number;
}

@ObjectType('AuthFailureReason')
export class FailureReason {
  @Field({
    description:
      'INVALID_PASSWORD, UNKNOWN_USER, ACCOUNT_LOCKED, USER_BLOCKED, EMAIL_NOT_VERIFIED, INVALID_MFA_CODE, …',
  })
  reason!: string;
  @Field(() => Int) count!: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Dashboard queries over the audit log and factors: one aggregate SQL each, bound to the caller's organization. */
@Resolver()
export class AuthDashboardResolver {
  constructor(private readonly deps: AuthDeps) {}

  @Authorized('auth')
  @Query(() => [SignInDay], {
    description: 'Sign-ins per UTC day, oldest first; default the last 30 days, at most 366',
  })
  async authSignInsPerDay(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | null,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SignInDay[]> {
    const [from, to] = this.range(fromDate, toDate);
    return signInsPerDay(ctx.em, from, to);
  }

  @Authorized('auth')
  @Query(() => [FailureReason], {
    description: 'Failed sign-ins by reason over UTC days (default the last 30), most frequent first',
  })
  async authSignInFailures(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | null,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FailureReason[]> {
    const [from, to] = this.range(fromDate, toDate);
    const rows = await tenantSql(ctx.em).rows<{ reason: string | null; count: string }>(
      sql`select data->>'reason' as reason, count(*) as count from auth.audit_logs
        where organization_id = ${ORG} and type = 'login.failed' and created_at >= ${from}::date and created_at < ${to}::date + interval '1 day'
        group by 1 order by 2 desc, 1`,
    );
    return rows.map((r) => ({ reason: r.reason ?? 'UNKNOWN', count: Number(r.count) }));
  }

  /** [from, to] as YYYY-MM-DD: defaults to the 30 days ending today, at most 366 days. */
  private range(fromDate: string | null, toDate: string | null): [string, string] {
    const today = this.deps.now().toISOString().slice(0, 10);
    const to = day('toDate', toDate ?? today);
    const from = day('fromDate', fromDate ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10));
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days < 1 || days > 366) throw invalid('fromDate', fromDate, 'a range of 1..366 days ending at toDate');
    return [from, to];
  }

  @Authorized('auth')
  @Query(() => MfaAdoption)
  async authMfaAdoption(@Ctx() ctx: SubgraphContext): Promise<MfaAdoption> {
    const rows = await tenantSql(ctx.em).rows<{ users: string; with_mfa: string }>(
      sql`select count(*) as users,
              count(*) filter (where exists (select 1 from auth.mfa_factors f where f.organization_id = u.organization_id and f.user_id = u.id and f.status = 'VERIFIED')) as with_mfa
         from auth.users u where u.organization_id = ${ORG} and u.deleted_at is null`,
    );
    const users = Number(rows[0]?.users ?? 0);
    const withMfa = Number(rows[0]?.with_mfa ?? 0);
    return { users, withMfa, rate: users === 0 ? 0 : withMfa / users };
  }
}

function day(field: string, value: string): string {
  if (!DAY.test(value) || Number.isNaN(Date.parse(value))) throw invalid(field, value, 'YYYY-MM-DD');
  return value;
}

async function signInsPerDay(em: EntityManager, from: string, to: string): Promise<SignInDay[]> {
  const rows = await tenantSql(em).rows<{ date: string; successes: string; failures: string; active_users: string }>(
    sql`select to_char(d.day, 'YYYY-MM-DD') as date,
            count(l.id) filter (where l.type = 'login.success') as successes,
            count(l.id) filter (where l.type = 'login.failed') as failures,
            count(distinct l.user_id) filter (where l.type = 'login.success') as active_users
       from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
       left join auth.audit_logs l on l.organization_id = ${ORG} and l.type in ('login.success', 'login.failed')
            and l.created_at >= d.day at time zone 'UTC' and l.created_at < (d.day + interval '1 day') at time zone 'UTC'
      group by d.day order by d.day`,
  );
  return rows.map((r) => ({
    date: r.date,
    successes: Number(r.successes),
    failures: Number(r.failures),
    activeUsers: Number(r.active_users),
  }));
}
