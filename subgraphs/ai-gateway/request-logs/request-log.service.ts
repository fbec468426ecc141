import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { LogSettings } from '../entities/log-settings.entity.js';
import { REDACTORS } from './redaction.js';
import type { AiLogSettings, AiLogSettingsInput, AiRequestLog, AiRequestLogList } from './request-log.types.js';

const DEFAULTS: AiLogSettings = { enabled: false, retentionDays: 7, redact: ['email', 'api_key'], redactStrings: [] };

/** Body logging settings and the logged bodies of the organization. */
export class RequestLogService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async settings(em: EntityManager): Promise<AiLogSettings> {
    const row = await em.findOne(LogSettings, {});
    return row
      ? { enabled: row.enabled, retentionDays: row.retentionDays, redact: row.redact, redactStrings: row.redactStrings }
      : DEFAULTS;
  }

  async put(em: EntityManager, input: AiLogSettingsInput): Promise<AiLogSettings> {
    if (typeof input.enabled !== 'boolean') throw invalid('enabled', input.enabled, 'true or false');
    const retentionDays = input.retentionDays ?? DEFAULTS.retentionDays;
    if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 365)
      throw invalid('retentionDays', retentionDays, 'whole days from 1 to 365');
    const redact = input.redact ?? DEFAULTS.redact;
    const unknown = redact.find((name) => !Object.hasOwn(REDACTORS, name));
    if (unknown !== undefined) throw invalid('redact', unknown, Object.keys(REDACTORS));
    const redactStrings = input.redactStrings ?? [];
    if (redactStrings.length > 50 || redactStrings.some((s) => typeof s !== 'string' || s.length < 3 || s.length > 200))
      throw invalid('redactStrings', redactStrings.length, 'at most 50 strings of 3 to 200 characters');
    let row = await em.findOne(LogSettings, {});
    const values = {
      enabled: input.enabled,
      retentionDays,
      redact: [...new Set(redact)],
      redactStrings,
      updatedAt: new Date(),
    };
    if (row) Object.assign(row, values);
    else row = em.create(LogSettings, { id: newId('ailog'), organizationId: tenantOf(em), ...values });
    await em.flush();
    this.deps.configs.invalidate(tenantOf(em));
    return {
      enabled: row.enabled,
      retentionDays: row.retentionDays,
      redact: row.redact,
      redactStrings: row.redactStrings,
    };
  }

  async list(em: EntityManager, args: PageArgs & { model?: string | null }): Promise<AiRequestLogList> {
    const page = resolvePage(args);
    const model = args.model || null;
    const where = sql`organization_id = ${ORG} and (${model}::text is null or model = ${model})`;
    const db = tenantSql(em);
    const [count] = await db.rows<{ total: number }>(
      sql`select count(*)::int as total from ai_gateway.request_logs where ${where}`,
    );
    const rows = await db.rows<AiRequestLog>(
      sql`select request_id as "requestId", endpoint, model, request, response, created_at as "createdAt"
           from ai_gateway.request_logs where ${where} order by created_at desc, id desc limit ${page.count} offset ${page.offset}`,
    );
    const data = rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
    return { data, meta: offsetMeta(page, data.length, count?.total ?? 0) };
  }
}
