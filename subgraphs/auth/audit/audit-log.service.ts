import type { EntityManager } from '@mikro-orm/postgresql';
import { ArgsType, Field, ObjectType } from 'type-graphql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { offsetMeta, resolvePage } from '../../../platform/pagination/offset-page.js';
import { AuditLog } from '../entities/audit-log.entity.js';

@ArgsType()
export class AuditLogArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: 'ISO 8601; inclusive' })
  startDate?: string;

  @Field(() => String, { nullable: true, description: 'ISO 8601; exclusive' })
  endDate?: string;

  @Field(() => [String], { nullable: true })
  eventTypes?: string[];

  @Field(() => String, { nullable: true })
  userId?: string;
}

@ObjectType('AuthLogList')
export class AuditLogList extends OffsetList(AuditLog) {}

const LIMITS = { defaultCount: 50, maxCount: 500 };

function date(field: string, value: string | undefined): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(parsed.getTime()))
    throw invalid(field, value, 'an ISO 8601 date or date-time');
  return parsed;
}

/** GET /auth/logs: newest first. */
export async function listAuditLogs(em: EntityManager, args: AuditLogArgs): Promise<AuditLogList> {
  const page = resolvePage(args, LIMITS);
  const start = date('startDate', args.startDate);
  const end = date('endDate', args.endDate);
  if (start && end && start > end) throw invalid('endDate', args.endDate, 'a date after startDate');
  if (args.eventTypes && args.eventTypes.length > 50)
    throw invalid('eventTypes', `${args.eventTypes.length} types`, 'at most 50');
  const where: Record<string, unknown> = {};
  if (start || end) where.createdAt = { ...(start ? { $gte: start } : {}), ...(end ? { $lt: end } : {}) };
  if (args.eventTypes?.length) where.type = { $in: args.eventTypes };
  if (args.userId) where.userId = args.userId;
  const [data, total] = await em.findAndCount(AuditLog, where, {
    limit: page.count,
    offset: page.offset,
    orderBy: { createdAt: 'desc', id: 'desc' },
  });
  return { data, meta: offsetMeta(page, data.length, total) };
}
