import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { EmailSuppression } from '../entities/email-suppression.entity.js';
import { SuppressionReason } from '../entities/email-status.js';
import { bareAddress, parseAddressList } from '../sending/address.js';
import type { EmailSuppressionList } from './email-suppression.types.js';

export interface SuppressionFilter extends PageArgs {
  reason?: string | null;
}

const REASONS = Object.values(SuppressionReason);

/** Addresses the organization never sends to; sending checks them (messages service), bounces and unsubscribes add to them. */
export class EmailSuppressionService {
  async list(em: EntityManager, filter: SuppressionFilter): Promise<EmailSuppressionList> {
    const page = resolvePage(filter);
    const reason = parseEnumFilter('reason', filter.reason, REASONS);
    const [data, total] = await em.findAndCount(EmailSuppression, reason ? { reason } : {}, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** Idempotent: an address already on the list comes back as it is, its first reason kept. */
  async add(em: EntityManager, rawEmail: string, rawReason?: string | null): Promise<EmailSuppression> {
    const email = normalise(rawEmail);
    const reason = parseEnumFilter('reason', rawReason, REASONS) ?? SuppressionReason.MANUAL;
    const existing = await em.findOne(EmailSuppression, { email });
    if (existing) return existing;
    const suppression = em.create(EmailSuppression, {
      id: newId('sup'),
      organizationId: tenantOf(em),
      email,
      reason,
      sourceMessageId: null,
    });
    try {
      await em.flush();
      return suppression;
    } catch (error) {
      // A bounce or a parallel request added it in the meantime: same answer as if it had been there.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      return em.findOneOrFail(EmailSuppression, { email });
    }
  }

  async remove(em: EntityManager, rawEmail: string): Promise<boolean> {
    const suppression = await em.findOne(EmailSuppression, { email: normalise(rawEmail) });
    if (!suppression) throw notFound('Suppression');
    await em.remove(suppression).flush();
    return true;
  }
}

/** One valid address (`a@b.example` or `Name <a@b.example>`), lower-cased bare: the key sending looks up. */
function normalise(email: string): string {
  const parsed = parseAddressList(email, 'email');
  if (!parsed.ok || parsed.value.length !== 1) {
    throw new DomainError('INVALID_REQUEST', 'email must be one valid address', {
      field: 'email',
      received: email,
      expected: 'one email address such as name@example.com',
    });
  }
  return bareAddress(parsed.value[0]!);
}
