import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { markDelivered, markFailed, markSent } from '../carrier/carrier-transitions.js';
import { SmsMessage } from '../entities/sms-message.entity.js';
import { SmsDirection, SmsStatus } from '../entities/sms-status.js';
import { SmsInboundService } from '../inbound/sms-inbound.service.js';
import type { SmsDeps } from '../sms-deps.js';
import { INBOUND_CALLBACK_PATH, STATUS_CALLBACK_PATH } from './callback-paths.js';
import { isValidTwilioSignature } from './twilio-signature.js';

/** What a callback changed: `applied: false` is a replay (or a report older than what we know), not applied twice. */
export interface CallbackOutcome {
  applied: boolean;
  messageId: string | null;
}

/**
 * The provider's signed callbacks. Neither carries an API key: the signature (keyed by the provider's auth token,
 * over our public URL and every parameter) proves the sender, and each message's state only moves forward, so a
 * replayed or stale report changes nothing and emits nothing.
 */
export class SmsCallbackService {
  private readonly inbound = new SmsInboundService();

  constructor(private readonly deps: SmsDeps) {}

  async status(
    root: EntityManager,
    params: Record<string, string>,
    signature: string | null,
  ): Promise<CallbackOutcome> {
    this.verify(STATUS_CALLBACK_PATH, params, signature);
    const sid = params.MessageSid ?? params.SmsSid;
    if (!sid)
      throw new DomainError('INVALID_REQUEST', 'MessageSid is required', {
        field: 'MessageSid',
        received: null,
        expected: 'the provider message id',
      });
    // The caller has no organization: this one lookup by the provider's id runs unfiltered.
    const found = await root.findOne(
      SmsMessage,
      { providerMessageId: sid, direction: SmsDirection.OUTBOUND },
      { filters: false },
    );
    if (!found) throw new DomainError('MESSAGE_NOT_FOUND', `No message with provider id ${sid}`);
    const em = forkForTenant(root, found.organizationId);
    const applied = await em.transactional(async (tx) => {
      const message = await tx.findOneOrFail(
        SmsMessage,
        { id: found.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      return apply(tx, message, String(params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase(), params);
    });
    return { applied, messageId: found.id };
  }

  async received(
    root: EntityManager,
    params: Record<string, string>,
    signature: string | null,
  ): Promise<CallbackOutcome> {
    this.verify(INBOUND_CALLBACK_PATH, params, signature);
    const sid = params.MessageSid ?? params.SmsSid;
    if (!sid)
      throw new DomainError('INVALID_REQUEST', 'MessageSid is required', {
        field: 'MessageSid',
        received: null,
        expected: 'the provider message id',
      });
    const replay = await root.findOne(SmsMessage, { providerMessageId: sid }, { filters: false });
    if (replay) return { applied: false, messageId: replay.id };
    // A shared pool number belongs to no one organization: the reply goes to whoever last texted this person from it.
    const conversation = await root.findOne(
      SmsMessage,
      { direction: SmsDirection.OUTBOUND, from: params.To, to: params.From },
      { filters: false, orderBy: { createdAt: 'desc' } },
    );
    if (!conversation) {
      this.deps.logger.info('inbound sms with no conversation to route it to', { to: params.To });
      return { applied: false, messageId: null };
    }
    try {
      const message = await this.inbound.receive(forkForTenant(root, conversation.organizationId), {
        from: params.From,
        to: params.To,
        body: params.Body ?? '',
        providerMessageId: sid,
      });
      return { applied: true, messageId: message.id };
    } catch (error) {
      // Two deliveries of one callback at once: the unique provider id lets exactly one through.
      if (error instanceof UniqueConstraintViolationException) return { applied: false, messageId: null };
      throw error;
    }
  }

  private verify(path: string, params: Record<string, string>, signature: string | null): void {
    const provider = this.deps.config.sms.provider;
    if (!provider) throw new DomainError('NOT_FOUND', 'No SMS provider is configured');
    if (!isValidTwilioSignature(provider.authToken, this.deps.config.publicUrl + path, params, signature)) {
      throw new DomainError('FORBIDDEN', 'Invalid X-Twilio-Signature');
    }
    if (params.AccountSid !== undefined && params.AccountSid !== provider.accountSid)
      throw new DomainError('FORBIDDEN', 'Callback for another account');
  }
}

/** Moves the message forward to the reported status; false when it is already there or past it. */
async function apply(
  tx: EntityManager,
  message: SmsMessage,
  reported: string,
  params: Record<string, string>,
): Promise<boolean> {
  const errorCode = /^\d+$/.test(params.ErrorCode ?? '') ? Number(params.ErrorCode) : null;
  const errorMessage = params.ErrorMessage ?? null;
  const inFlight = message.status === SmsStatus.SENDING || message.status === SmsStatus.SENT;
  switch (reported) {
    case 'sent':
      if (message.status !== SmsStatus.SENDING) return false;
      await markSent(tx, message);
      return true;
    case 'delivered':
      if (!inFlight) return false;
      // Callbacks may arrive out of order: a delivery implies the send.
      if (message.status === SmsStatus.SENDING) await markSent(tx, message);
      await markDelivered(tx, message);
      return true;
    case 'undelivered':
    case 'failed':
      if (!inFlight) return false;
      await markFailed(
        tx,
        message,
        reported === 'failed' ? SmsStatus.FAILED : SmsStatus.UNDELIVERED,
        errorCode,
        errorMessage,
      );
      return true;
    default:
      // queued, accepted, sending: steps before what we already show.
      return false;
  }
}
