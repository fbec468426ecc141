import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { consumeQuota } from '../../../platform/quotas/consume-quota.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { parseDateFilter, checkRange, parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import { EmailStatus } from '../entities/email-status.js';
import { EmailSuppression } from '../entities/email-suppression.entity.js';
import { bareAddress } from '../sending/address.js';
import { renderStoredTemplate, sendableTemplate } from '../templates/stored-template-render.js';
import { validateSend, type ValidSend } from './send-email.validate.js';
import { assertFromDomainAllowed } from '../../../platform/mail/inbound-addresses.js';
import type { EmailDeps } from '../email-deps.js';
import type { EmailMessageList, SendEmailBatchItem, SendEmailResult } from './email-message.types.js';
import { SEND_EMAIL_JOB } from '../jobs/send-email.job.js';
import { writeQueuedMessage } from './queue-message.write.js';

export const MAX_BATCH = 500;

export interface MessageFilter extends PageArgs {
  status?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
}

export class EmailMessageService {
  constructor(private readonly deps: EmailDeps) {}

  async send(em: EntityManager, auth: Auth, body: unknown, idempotencyKey?: string | null): Promise<SendEmailResult> {
    if (idempotencyKey != null && (idempotencyKey.length < 1 || idempotencyKey.length > 256)) {
      throw new DomainError('INVALID_REQUEST', 'Idempotency-Key must be 1 to 256 characters', {
        field: 'idempotencyKey',
        received: idempotencyKey,
        expected: '1..256 characters',
      });
    }
    const valid = validateSend(body);
    const prepared = await this.prepare(em, valid);
    const existing = async () => {
      const found = idempotencyKey ? await em.fork().findOne(EmailMessage, { idempotencyKey }) : null;
      return found ? { messageId: found.id, status: found.status } : null;
    };
    try {
      const found = await existing();
      if (found) return found;
      // Jobs live in the database: quota, message, job and its wake-up are one statement.
      return {
        messageId: await writeQueuedMessage(em, auth.plan, prepared, idempotencyKey ?? null),
        status: EmailStatus.QUEUED,
      };
    } catch (error) {
      // A concurrent request with the same key won the unique index: answer with its message.
      if (isUniqueViolation(error) && idempotencyKey) {
        const winner = await existing();
        if (winner) return winner;
      }
      throw error;
    }
  }

  /** One result per item, in order; an invalid item fails alone. The valid ones are accepted together. */
  async sendBatch(em: EntityManager, auth: Auth, items: unknown[]): Promise<SendEmailBatchItem[]> {
    if (items.length === 0 || items.length > MAX_BATCH) {
      throw new DomainError('INVALID_REQUEST', `A batch holds 1 to ${MAX_BATCH} emails`, {
        field: 'body',
        received: items.length,
        expected: `1..${MAX_BATCH} items`,
      });
    }
    const results: SendEmailBatchItem[] = [];
    const accepted: { index: number; prepared: ValidSend }[] = [];
    for (const [index, item] of items.entries()) {
      try {
        accepted.push({ index, prepared: await this.prepare(em, validateSend(item)) });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results[index] = { index, error: { code: error.code, message: error.message, details: error.details } };
      }
    }
    if (accepted.length > 0) {
      await em.transactional(async (tx) => {
        await consumeQuota(tx, auth.plan, 'emails', accepted.length);
        for (const { index, prepared } of accepted) {
          const message = await this.queue(tx, prepared, null);
          results[index] = { index, messageId: message.id, status: message.status };
        }
      });
    }
    return results;
  }

  /** `fields`: the properties the caller reads (every column when absent). */
  async list(em: EntityManager, filter: MessageFilter, fields?: readonly string[]): Promise<EmailMessageList> {
    const page = resolvePage(filter);
    const status = parseEnumFilter('status', filter.status, Object.values(EmailStatus));
    const from = parseDateFilter('fromDate', filter.fromDate);
    const to = parseDateFilter('toDate', filter.toDate);
    checkRange(from, to, 'fromDate', 'toDate');
    const where: Record<string, unknown> = {};
    if (status) where.status = status;
    if (from || to) where.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    const { rows, total } = await findPage(em, EmailMessage, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
      fields,
    });
    return { data: rows, meta: offsetMeta(page, rows.length, total) };
  }

  async get(em: EntityManager, id: string): Promise<EmailMessage> {
    const message = await em.findOne(EmailMessage, { id }, { populate: ['html', 'text'] });
    if (!message) throw new DomainError('NOT_FOUND', 'Email message not found');
    return message;
  }

  /** Template rendering and the suppression check: everything that can refuse an item before it is stored. */
  private async prepare(em: EntityManager, valid: ValidSend): Promise<ValidSend> {
    let prepared = valid;
    if (valid.templateId) {
      const rendered = renderStoredTemplate(
        await sendableTemplate(em, valid.templateId),
        valid.templateModel,
        valid.templateId,
      );
      prepared = {
        ...valid,
        subject: valid.subject ?? rendered.subject,
        html: valid.html ?? rendered.html,
        text: valid.text ?? rendered.text,
      };
    }
    await assertFromDomainAllowed(em, bareAddress(prepared.from));
    const recipients = [...prepared.to, ...prepared.cc, ...prepared.bcc].map(bareAddress);
    // A bound statement, not em.find: its query building and hydration were half the accept's CPU.
    const [s] = await tenantSql(em).rowsBound<Pick<EmailSuppression, 'email' | 'reason'>>(
      sql`select email, reason from email.suppressions where organization_id = ${ORG} and email = any(${recipients}::text[]) limit 1`,
    );
    if (s) {
      throw new DomainError('RECIPIENT_SUPPRESSED', `${s.email} is on the suppression list (${s.reason})`, {
        field: 'to',
        received: s.email,
        expected: 'an address that is not suppressed',
        reason: s.reason,
      });
    }
    return prepared;
  }

  private async queue(tx: EntityManager, send: ValidSend, idempotencyKey: string | null): Promise<EmailMessage> {
    const message = tx.create(EmailMessage, {
      id: newId('em'),
      organizationId: tenantOf(tx),
      from: send.from,
      to: send.to,
      cc: send.cc,
      bcc: send.bcc,
      replyTo: send.replyTo,
      subject: send.subject ?? '',
      html: send.html ?? null,
      text: send.text ?? null,
      headers: send.headers,
      tags: send.tags,
      attachments: send.attachments.length ? send.attachments : null,
      attachmentInfo: send.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: Buffer.byteLength(a.content, 'base64'),
      })),
      templateId: send.templateId ?? null,
      trackOpens: send.trackOpens,
      trackClicks: send.trackClicks,
      listUnsubscribe: send.listUnsubscribe,
      idempotencyKey,
    });
    await tx.flush();
    await this.deps.jobs.enqueue(tx, SEND_EMAIL_JOB, { organizationId: message.organizationId, messageId: message.id });
    return message;
  }
}

/** MikroORM's unique violation (a flush), or the driver's (23505) from a statement sent past MikroORM (writeQueuedMessage). */
function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === '23505';
}
