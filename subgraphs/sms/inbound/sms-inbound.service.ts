import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsDirection, SmsStatus, SmsSuppressionReason } from '../entities/sms-status.js';
import { SmsSuppression } from '../entities/sms-suppression.entity.js';
import { isE164 } from '../../../platform/validation/phone-number.js';
import { countryOf } from '../sending/phone-number.js';
import { isPoolNumber } from '../sending/pool-numbers.js';
import { countSegments } from '../sending/segments.js';
import { SmsSettingsService } from '../settings/sms-settings.service.js';
import { suppress } from '../suppressions/sms-suppression.service.js';
import { keywordOf } from './opt-out-keywords.js';

export interface InboundInput {
  from?: unknown;
  to?: unknown;
  body?: unknown;
  providerMessageId?: string | null;
}

const MAX_INBOUND = 1600;

/** Records a message texted to a pool number; STOP-like keywords suppress the sender, START lifts that. */
export class SmsInboundService {
  private readonly settings = new SmsSettingsService();

  async receive(em: EntityManager, input: InboundInput): Promise<SmsMessage> {
    await this.settings.requireEnabled(em);
    const from = phone('from', input.from);
    const to = phone('to', input.to);
    if (!isPoolNumber(to))
      throw new DomainError('INVALID_REQUEST', 'to must be one of the pool numbers', {
        field: 'to',
        received: to,
        expected: 'a pool number (docs/sms.md)',
      });
    if (typeof input.body !== 'string' || input.body.length > MAX_INBOUND)
      throw new DomainError('INVALID_REQUEST', `body must be a string of at most ${MAX_INBOUND} characters`, {
        field: 'body',
        received: typeof input.body,
        expected: 'string',
      });
    const body = input.body;
    return em.transactional(async (tx) => {
      const now = new Date();
      const message = tx.create(SmsMessage, {
        id: newId('sms_inb'),
        organizationId: tenantOf(tx),
        providerMessageId: input.providerMessageId ?? `SM${randomBytes(16).toString('hex')}`,
        direction: SmsDirection.INBOUND,
        from,
        to,
        body,
        status: SmsStatus.RECEIVED,
        segments: countSegments(body).segments,
        country: countryOf(from),
        receivedAt: now,
        events: [{ eventType: SmsStatus.RECEIVED, timestamp: now.toISOString() }],
        createdAt: now,
      });
      await tx.flush();
      await emitEvent(tx, 'sms.inbound', { messageId: message.id, from, to, body, receivedAt: now.toISOString() });
      const { kind, keyword } = keywordOf(body);
      if (kind === 'opt-out') {
        await suppress(tx, from, SmsSuppressionReason.OPT_OUT);
        await emitEvent(tx, 'sms.opted_out', {
          phoneNumber: from,
          keyword,
          messageId: message.id,
          optedOutAt: now.toISOString(),
        });
      } else if (kind === 'opt-in') {
        // Only the recipient's own opt-out is lifted; a MANUAL entry is the organization's decision.
        await tx.nativeDelete(SmsSuppression, {
          organizationId: tenantOf(tx),
          phoneNumber: from,
          reason: SmsSuppressionReason.OPT_OUT,
        });
      }
      return message;
    });
  }
}

function phone(field: string, value: unknown): string {
  if (typeof value !== 'string' || !isE164(value))
    throw new DomainError('INVALID_REQUEST', `${field} must be a phone number in E.164 format`, {
      field,
      received: value ?? null,
      expected: 'E.164, e.g. +14155550123',
    });
  return value;
}
