import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { SmsSettings } from '../entities/sms-settings.entity.js';
import { POOL_TEMPLATES } from '../templates/pool-templates.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export interface SmsSettingsView {
  enabled: boolean;
  approvedPoolTemplateIds: number[];
}

const DEFAULTS = { enabled: true, approvedPoolTemplateIds: [] as number[] };

/** The organization's SMS switch and pool approvals; read by every operation, changed by PATCH /sms/settings. */
export class SmsSettingsService {
  async get(em: EntityManager): Promise<SmsSettingsView> {
    const row = await em.findOne(SmsSettings, {});
    return row ? { enabled: row.enabled, approvedPoolTemplateIds: row.approvedPoolTemplateIds } : { ...DEFAULTS };
  }

  /** Operations other than sends answer 403 SMS_NOT_ENABLED while SMS is off (sends report 1005 per message). */
  async requireEnabled(em: EntityManager): Promise<SmsSettingsView> {
    const settings = await this.get(em);
    if (!settings.enabled) throw new DomainError('SMS_NOT_ENABLED', 'SMS is not enabled for this organization');
    return settings;
  }

  async update(
    em: EntityManager,
    input: { enabled?: boolean | null; approvedPoolTemplateIds?: number[] | null },
  ): Promise<SmsSettingsView> {
    const known = new Set(POOL_TEMPLATES.map((t) => t.id));
    const unknown = (input.approvedPoolTemplateIds ?? []).filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new DomainError('INVALID_REQUEST', 'approvedPoolTemplateIds names unknown pool templates', {
        field: 'approvedPoolTemplateIds',
        received: unknown,
        expected: [...known],
      });
    }
    const current = await this.get(em);
    const next = {
      enabled: input.enabled ?? current.enabled,
      approvedPoolTemplateIds: input.approvedPoolTemplateIds
        ? [...new Set(input.approvedPoolTemplateIds)].sort((a, b) => a - b)
        : current.approvedPoolTemplateIds,
    };
    // Upsert keyed by the organization from context, never from input.
    await tenantSql(em).run(
      sql`insert into sms.settings (id, organization_id, enabled, approved_pool_template_ids, updated_at) values (${newId('smsset')}, ${ORG}, ${next.enabled}, ${`{${next.approvedPoolTemplateIds.join(',')}}`}::int[], now())
       on conflict (organization_id) do update set enabled = excluded.enabled, approved_pool_template_ids = excluded.approved_pool_template_ids, updated_at = now()`,
    );
    return next;
  }
}
