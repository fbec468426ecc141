import type { EntityManager } from '@mikro-orm/postgresql';
import { parseDateFilter, checkRange, parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import { EmailStatus } from '../entities/email-status.js';
import type { EmailBounceList } from './email-bounce.types.js';

export interface BounceFilter extends PageArgs {
  type?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
}

export const BOUNCE_TYPES = ['hard', 'soft'] as const;

export class EmailBounceService {
  /** Messages with status BOUNCED, newest bounce first; the dates bound bouncedAt. */
  async list(em: EntityManager, filter: BounceFilter): Promise<EmailBounceList> {
    const page = resolvePage(filter);
    const type = parseEnumFilter('type', filter.type, BOUNCE_TYPES);
    const from = parseDateFilter('fromDate', filter.fromDate);
    const to = parseDateFilter('toDate', filter.toDate);
    checkRange(from, to, 'fromDate', 'toDate');
    const where: Record<string, unknown> = { status: EmailStatus.BOUNCED };
    if (type) where.bounceType = type;
    if (from || to) where.bouncedAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    const [data, total] = await em.findAndCount(EmailMessage, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { bouncedAt: 'desc', id: 'desc' },
    });
    return { data, meta: offsetMeta(page, data.length, total) };
  }
}
