import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { checkRange, parseDateFilter } from '../../../platform/graphql/date-range.js';
import type { AiUsageDay, AiUsageGroup, AiUsageSummary } from './usage-dashboard.types.js';
import type { AiUsageRecord, AiUsageRecordList } from './usage-record.types.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const STATUSES = ['SUCCESS', 'ERROR', 'ABORTED'] as const;
const GROUPINGS = ['model', 'key', 'day'] as const;
/** The grouping expressions: fixed SQL, chosen by name (never built from input). */
const GROUP_BY = {
  model: sql`model`,
  key: sql`key_id::text`,
  day: sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`,
} as const;

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;

/** The period of a dashboard: 30 days up to now by default, at most 366; a date-only toDate covers that whole day. */
function period(fromDate?: string | null, toDate?: string | null): { from: Date; end: Date } {
  const fromInput = parseDateFilter('fromDate', fromDate);
  const toInput = parseDateFilter('toDate', toDate);
  checkRange(fromInput, toInput, 'fromDate', 'toDate');
  const end = toInput
    ? new Date(toInput.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(toDate!) ? DAY_MS : 1))
    : new Date(Date.now() + 1);
  const from = fromInput ?? new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (end.getTime() - from.getTime() > (MAX_DAYS + 1) * DAY_MS) {
    throw new DomainError('INVALID_REQUEST', `The range covers at most ${MAX_DAYS} days`, {
      field: 'fromDate',
      received: fromDate ?? null,
      expected: `at most ${MAX_DAYS} days before toDate`,
    });
  }
  return { from, end };
}

/** Dashboard aggregates over the usage log; SQL binds the organization from context (tenantOf), never from input. */
export class UsageDashboardService {
  async daily(em: EntityManager, fromDate?: string | null, toDate?: string | null): Promise<AiUsageDay[]> {
    const { from, end } = period(fromDate, toDate);
    const rows = await tenantSql(em).rows<Omit<AiUsageDay, 'costUsd'> & { costUsd: string }>(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date, model,
              count(*)::int as requests, coalesce(sum(prompt_tokens), 0)::float8 as "promptTokens",
              coalesce(sum(completion_tokens), 0)::float8 as "completionTokens", coalesce(sum(total_tokens), 0)::float8 as "totalTokens",
              coalesce(sum(cost_usd), 0)::text as "costUsd", count(*) filter (where cost_usd is null)::int as "unpricedRequests"
         from ai_gateway.usage_log
        where organization_id = ${ORG} and created_at >= ${from} and created_at < ${end}
        group by 1, 2 order by 1 desc, 2`,
    );
    return rows.map((r) => ({ ...r, costUsd: Number(r.costUsd) }));
  }

  async summary(em: EntityManager, fromDate?: string | null, toDate?: string | null): Promise<AiUsageSummary> {
    const { from, end } = period(fromDate, toDate);
    const [row] = await tenantSql(em).rows<Record<string, string | number>>(
      sql`select count(*)::int as requests,
              count(*) filter (where status = 'ERROR')::int as errors,
              count(*) filter (where status = 'ABORTED')::int as aborted,
              count(*) filter (where provider = 'sandbox')::int as "sandboxRequests",
              count(*) filter (where cache = 'HIT')::int as "cacheHits",
              count(*) filter (where cache in ('HIT', 'MISS'))::int as "cacheLookups",
              coalesce(sum(total_tokens), 0)::float8 as "totalTokens",
              coalesce(sum(cost_usd), 0)::text as "costUsd",
              count(*) filter (where cost_usd is null)::int as "unpricedRequests"
         from ai_gateway.usage_log
        where organization_id = ${ORG} and created_at >= ${from} and created_at < ${end}`,
    );
    const n = (name: string) => Number(row?.[name] ?? 0);
    return {
      requests: n('requests'),
      errors: n('errors'),
      errorRate: n('requests') ? n('errors') / n('requests') : 0,
      cacheHits: n('cacheHits'),
      cacheLookups: n('cacheLookups'),
      cacheHitRate: n('cacheLookups') ? n('cacheHits') / n('cacheLookups') : 0,
      aborted: n('aborted'),
      sandboxRequests: n('sandboxRequests'),
      totalTokens: n('totalTokens'),
      costUsd: n('costUsd'),
      unpricedRequests: n('unpricedRequests'),
    };
  }

  /** Totals per requested model, gateway key or UTC day (GET /ai/v1/usage); the same rows as the other dashboards. */
  async grouped(
    em: EntityManager,
    fromDate: string | null | undefined,
    toDate: string | null | undefined,
    groupBy: string | null | undefined,
  ): Promise<AiUsageGroup[]> {
    const grouping = parseEnumFilter('groupBy', groupBy, GROUPINGS) ?? 'model';
    const { from, end } = period(fromDate, toDate);
    const rows = await tenantSql(em).rows<Omit<AiUsageGroup, 'costUsd'> & { costUsd: string }>(
      sql`select ${GROUP_BY[grouping]} as "group", count(*)::int as requests, count(*) filter (where status = 'ERROR')::int as errors,
              coalesce(sum(prompt_tokens), 0)::float8 as "promptTokens", coalesce(sum(completion_tokens), 0)::float8 as "completionTokens",
              coalesce(sum(total_tokens), 0)::float8 as "totalTokens", coalesce(sum(cost_usd), 0)::text as "costUsd",
              count(*) filter (where cost_usd is null)::int as "unpricedRequests"
         from ai_gateway.usage_log
        where organization_id = ${ORG} and created_at >= ${from} and created_at < ${end}
        group by 1 order by ${grouping === 'day' ? sql`1 desc` : sql`2 desc, 1`}`,
    );
    return rows.map((r) => ({ ...r, costUsd: Number(r.costUsd) }));
  }

  /** The log itself, newest first; filters on status and requested model. */
  async log(
    em: EntityManager,
    args: PageArgs & { status?: string | null; model?: string | null },
  ): Promise<AiUsageRecordList> {
    const page = resolvePage(args);
    const status = parseEnumFilter('status', args.status, STATUSES) ?? null;
    const model = args.model || null;
    const where = sql`organization_id = ${ORG} and (${status}::text is null or status = ${status}) and (${model}::text is null or model = ${model})`;
    const db = tenantSql(em);
    const [count] = await db.rows<{ total: number }>(
      sql`select count(*)::int as total from ai_gateway.usage_log where ${where}`,
    );
    const rows = await db.rows<Omit<AiUsageRecord, 'costUsd'> & { costUsd: string | null }>(
      sql`select request_id as "requestId", endpoint, model, provider, provider_model as "providerModel", prompt_tokens as "promptTokens",
              completion_tokens as "completionTokens", cost_usd::text as "costUsd", latency_ms as "latencyMs", first_chunk_ms as "firstChunkMs",
              cache, status, error_code as "errorCode", stream, estimated, coalesce(provider = 'sandbox', false) as sandbox, created_at as "createdAt"
         from ai_gateway.usage_log where ${where} order by created_at desc, id desc limit ${page.count} offset ${page.offset}`,
    );
    const data = rows.map((r) => ({
      ...r,
      costUsd: r.costUsd === null ? null : Number(r.costUsd),
      createdAt: new Date(r.createdAt),
    }));
    return { data, meta: offsetMeta(page, data.length, count?.total ?? 0) };
  }
}
