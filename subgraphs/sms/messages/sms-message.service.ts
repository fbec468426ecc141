import type { EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { consumeQuota } from '../../../platform/quotas/consume-quota.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { parseDateFilter, checkRange, parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsDirection, SmsStatus } from '../entities/sms-status.js';
import { SmsSuppression } from '../entities/sms-suppression.entity.js';
import { SmsCustomTemplate } from '../entities/sms-template.entity.js';
import { countSegments } from '../sending/segments.js';
import { isE164 } from '../../../platform/validation/phone-number.js';
import { countryOf } from '../sending/phone-number.js';
import { poolNumberFor } from '../sending/pool-numbers.js';
import { renderStoredTemplate } from './render-stored-template.js';
import { poolTemplateByAlias, poolTemplateById } from '../templates/pool-templates.js';
import { SmsSettingsService, type SmsSettingsView } from '../settings/sms-settings.service.js';
import { SMS_CARRIER_JOB } from '../jobs/sms-job-names.js';
import { smsSendOf, type SendSmsInput, type ValidSmsSend } from './send-sms.input.js';
import { SMS_RESULT, type SmsResult } from './sms-error-codes.js';
import type { SmsMessageList, SmsSendResult } from './sms-message.types.js';
import type { SmsDeps } from '../sms-deps.js';

/** Most messages in one SMS batch. */
export const MAX_SMS_BATCH = 500;

export interface SmsMessageFilter extends PageArgs {
  status?: string | null;
  direction?: string | null;
  tag?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
}

export interface SmsInboundFilter extends PageArgs {
  fromNumber?: string | null;
  toNumber?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
}

/** A send after the per-message rules: either refused with a code, or ready to store (QUEUED or BLOCKED). */
type Decision =
  | { kind: 'refused'; result: SmsResult }
  | { kind: 'store'; result: SmsResult; status: SmsStatus.QUEUED | SmsStatus.BLOCKED; row: Omit<NewRow, 'id'> };

interface NewRow {
  id: string;
  from: string;
  to: string;
  body: string;
  segments: number;
  country: string | null;
  tag: string | null;
  metadata: Record<string, unknown>;
  templateId: number | null;
  templateAlias: string | null;
}

export class SmsMessageService {
  private readonly settings = new SmsSettingsService();

  constructor(private readonly deps: SmsDeps) {}

  async send(em: EntityManager, auth: Auth, input: SendSmsInput): Promise<SmsSendResult> {
    return (await this.sendMany(em, auth, [smsSendOf(input)]))[0]!;
  }

  /** One result per item, in order; a malformed item makes the whole request a 400, a refused one fails alone. */
  async sendBatch(em: EntityManager, auth: Auth, items: SendSmsInput[]): Promise<SmsSendResult[]> {
    if (items.length === 0 || items.length > MAX_SMS_BATCH) {
      throw new DomainError('INVALID_REQUEST', `A batch holds 1 to ${MAX_SMS_BATCH} messages`, {
        field: 'body',
        received: items.length,
        expected: `1..${MAX_SMS_BATCH} items`,
      });
    }
    return this.sendMany(em, auth, items.map(smsSendOf));
  }

  private async sendMany(em: EntityManager, auth: Auth, sends: ValidSmsSend[]): Promise<SmsSendResult[]> {
    const submittedAt = new Date();
    const settings = await this.settings.get(em);
    // Lookups the rules need, once per request rather than once per message.
    const aliases = [
      ...new Set(sends.map((s) => s.templateAlias).filter((a): a is string => !!a && !poolTemplateByAlias(a))),
    ];
    const custom = new Map(
      (aliases.length ? await em.find(SmsCustomTemplate, { alias: { $in: aliases } }) : []).map((t) => [t.alias, t]),
    );
    const numbers = [...new Set(sends.map((s) => s.to).filter(isE164))];
    const suppressed = new Set(
      (numbers.length ? await em.find(SmsSuppression, { phoneNumber: { $in: numbers } }) : []).map(
        (s) => s.phoneNumber,
      ),
    );
    const decisions = sends.map((s) => decide(s, settings, custom, suppressed));

    const ids: (string | null)[] = decisions.map(() => null);
    const stored = decisions.flatMap((d, i) => (d.kind === 'store' ? [{ d, i }] : []));
    if (stored.length > 0) {
      await em.transactional(async (tx) => {
        const queued = stored.filter(({ d }) => d.status === SmsStatus.QUEUED).length;
        // A blocked message is recorded but not sent, so it does not count against the quota.
        if (queued > 0) await consumeQuota(tx, auth.plan, 'sms', queued);
        const organizationId = tenantOf(tx);
        const at = submittedAt.toISOString();
        const rows = stored.map(({ d, i }) => {
          const id = newId('sms');
          ids[i] = id;
          const blocked = d.status === SmsStatus.BLOCKED;
          return tx.create(SmsMessage, {
            ...d.row,
            id,
            organizationId,
            direction: SmsDirection.OUTBOUND,
            status: d.status,
            providerMessageId: null,
            errorCode: blocked ? d.result.code : null,
            errorMessage: blocked ? d.result.message : null,
            queuedAt: blocked ? null : submittedAt,
            failedAt: blocked ? submittedAt : null,
            events: [{ eventType: d.status, timestamp: at }],
            createdAt: submittedAt,
          });
        });
        await tx.flush();
        // One carrier job per request: a batch of 500 is one job row, not 500.
        const queuedIds = rows.filter((r) => r.status === SmsStatus.QUEUED).map((r) => r.id);
        if (queuedIds.length > 0)
          await this.deps.jobs.enqueue(tx, SMS_CARRIER_JOB, { organizationId, messageIds: queuedIds });
      });
    }
    return decisions.map((d, i) => ({
      to: sends[i]!.to,
      submittedAt: submittedAt.toISOString(),
      messageId: ids[i]!,
      errorCode: d.result.code,
      message: d.result.message,
    }));
  }

  /** `fields`: the properties the caller reads (every column when absent). */
  async list(em: EntityManager, filter: SmsMessageFilter, fields?: readonly string[]): Promise<SmsMessageList> {
    await this.settings.requireEnabled(em);
    const page = resolvePage(filter);
    const status = parseEnumFilter('status', filter.status, Object.values(SmsStatus));
    const direction = parseEnumFilter('direction', filter.direction, Object.values(SmsDirection));
    const where: Record<string, unknown> = { ...dateWhere(filter) };
    if (status) where.status = status;
    if (direction) where.direction = direction;
    if (filter.tag != null && filter.tag !== '') where.tag = filter.tag;
    const { rows, total } = await findPage(em, SmsMessage, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
      fields,
    });
    return { data: rows, meta: offsetMeta(page, rows.length, total) };
  }

  async listInbound(em: EntityManager, filter: SmsInboundFilter, fields?: readonly string[]): Promise<SmsMessageList> {
    await this.settings.requireEnabled(em);
    const page = resolvePage(filter);
    const where: Record<string, unknown> = { direction: SmsDirection.INBOUND, ...dateWhere(filter) };
    if (filter.fromNumber) where.from = filter.fromNumber;
    if (filter.toNumber) where.to = filter.toNumber;
    const { rows, total } = await findPage(em, SmsMessage, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
      fields,
    });
    return { data: rows, meta: offsetMeta(page, rows.length, total) };
  }

  async get(em: EntityManager, id: string): Promise<SmsMessage> {
    await this.settings.requireEnabled(em);
    const message = await em.findOne(SmsMessage, { id });
    if (!message) throw new DomainError('MESSAGE_NOT_FOUND', `SMS message ${id} not found`);
    return message;
  }
}

/** `fromDate`/`toDate` on the creation (or reception) time. */
function dateWhere(filter: { fromDate?: string | null; toDate?: string | null }) {
  const from = parseDateFilter('fromDate', filter.fromDate);
  const to = parseDateFilter('toDate', filter.toDate);
  checkRange(from, to, 'fromDate', 'toDate');
  return from || to ? { createdAt: { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) } } : {};
}

/**
 * The per-message rules, in this order: 1005 (organization), 1001 (number), 1002/1003 (template;
 * `templateId` wins when both are given), 1004 (pool number for the country), 1006 (suppressed → stored BLOCKED).
 */
function decide(
  send: ValidSmsSend,
  settings: SmsSettingsView,
  custom: Map<string, SmsCustomTemplate>,
  suppressed: Set<string>,
): Decision {
  if (!settings.enabled) return { kind: 'refused', result: SMS_RESULT.NOT_ENABLED };
  if (!isE164(send.to)) return { kind: 'refused', result: SMS_RESULT.INVALID_NUMBER };
  let body: string;
  let templateId: number | null = null;
  let templateAlias: string;
  const pool =
    send.templateId !== undefined ? poolTemplateById(send.templateId) : poolTemplateByAlias(send.templateAlias!);
  if (pool) {
    if (!pool.approvedByDefault && !settings.approvedPoolTemplateIds.includes(pool.id))
      return { kind: 'refused', result: SMS_RESULT.TEMPLATE_NOT_APPROVED };
    body = pool.body;
    templateId = pool.id;
    templateAlias = pool.alias;
  } else {
    const own = send.templateId === undefined ? custom.get(send.templateAlias!) : undefined;
    if (!own) return { kind: 'refused', result: SMS_RESULT.TEMPLATE_NOT_FOUND };
    body = own.body;
    templateAlias = own.alias;
  }
  const country = countryOf(send.to);
  const from = poolNumberFor(country, send.to);
  if (!from) return { kind: 'refused', result: SMS_RESULT.NO_POOL_NUMBER };
  const text = renderStoredTemplate(body, templateAlias, send.templateModel);
  const row = {
    from,
    to: send.to,
    body: text,
    segments: countSegments(text).segments,
    country,
    tag: send.tag,
    metadata: send.metadata,
    templateId,
    templateAlias,
  };
  if (suppressed.has(send.to)) return { kind: 'store', status: SmsStatus.BLOCKED, result: SMS_RESULT.SUPPRESSED, row };
  return { kind: 'store', status: SmsStatus.QUEUED, result: SMS_RESULT.OK, row };
}
