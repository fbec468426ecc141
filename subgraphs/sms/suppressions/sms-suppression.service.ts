import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { SmsSuppression } from '../entities/sms-suppression.entity.js';
import { SmsSuppressionReason } from '../entities/sms-status.js';
import { isE164 } from '../../../platform/validation/phone-number.js';
import { SmsSettingsService } from '../settings/sms-settings.service.js';
import type { SmsSuppressionCheck, SmsSuppressionList } from './sms-suppression.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const REASONS = Object.values(SmsSuppressionReason);

/** Numbers the organization never texts; sends to them end BLOCKED (1006). */
export class SmsSuppressionService {
  private readonly settings = new SmsSettingsService();

  async list(em: EntityManager, args: PageArgs & { reason?: string | null }): Promise<SmsSuppressionList> {
    await this.settings.requireEnabled(em);
    const page = resolvePage(args);
    const reason = parseEnumFilter('reason', args.reason, REASONS);
    const [data, total] = await em.findAndCount(SmsSuppression, reason ? { reason } : {}, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  async check(em: EntityManager, phoneNumber: string): Promise<SmsSuppressionCheck> {
    await this.settings.requireEnabled(em);
    const found = await em.findOne(SmsSuppression, { phoneNumber: checkNumber(phoneNumber) });
    return { phoneNumber, suppressed: !!found, reason: found?.reason ?? null };
  }

  async add(em: EntityManager, phoneNumber: string, rawReason?: string | null): Promise<SmsSuppression> {
    await this.settings.requireEnabled(em);
    const reason = parseEnumFilter('reason', rawReason, REASONS) ?? SmsSuppressionReason.MANUAL;
    return suppress(em, checkNumber(phoneNumber), reason);
  }

  async remove(em: EntityManager, phoneNumber: string): Promise<boolean> {
    await this.settings.requireEnabled(em);
    const found = await em.findOne(SmsSuppression, { phoneNumber: checkNumber(phoneNumber) });
    if (!found) throw new DomainError('NOT_FOUND', `${phoneNumber} is not suppressed`);
    await em.remove(found).flush();
    return true;
  }
}

/** Idempotent: a number already on the list comes back as it is, its first reason kept. Safe inside a transaction. */
export async function suppress(
  em: EntityManager,
  phoneNumber: string,
  reason: SmsSuppressionReason,
): Promise<SmsSuppression> {
  // ON CONFLICT instead of catching the violation: an error would abort the caller's transaction.
  await tenantSql(em).run(
    sql`insert into sms.suppressions (id, organization_id, phone_number, reason, created_at) values (${newId('smssup')}, ${ORG}, ${phoneNumber}, ${reason}, now())
     on conflict (organization_id, phone_number) do nothing`,
  );
  return em.findOneOrFail(SmsSuppression, { phoneNumber }, { refresh: true });
}

function checkNumber(phoneNumber: string): string {
  if (!isE164(phoneNumber))
    throw new DomainError('INVALID_REQUEST', 'phoneNumber must be in E.164 format', {
      field: 'phoneNumber',
      received: phoneNumber,
      expected: 'E.164, e.g. +14155550123',
    });
  return phoneNumber;
}
