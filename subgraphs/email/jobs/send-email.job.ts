import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import { EmailStatus, SuppressionReason } from '../entities/email-status.js';
import { CapturedEmail } from '../entities/captured-email.entity.js';
import { applyTracking, unsubscribeHeaders } from '../sending/tracking.js';
import { bareAddress } from '../sending/address.js';
import { linkSecret } from '../sending/link-secret.js';
import type { OutgoingMail, SendOutcome } from '../sending/mail-transport.js';
import type { EmailDeps } from '../email-deps.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import { openBody } from '../system-email/redacted-content.js';
import type { EmailOutcomeData } from '../../../platform/ports/system-email.js';
import { fullJitter } from '../../../platform/jobs/retry-backoff.js';

export const SEND_EMAIL_JOB = 'email.send';

/**
 * Waits before the 2nd, 3rd and 4th attempt after a temporary failure (4xx or no connection): uniform up to 2, 10 and
 * 60 minutes, so 1, 5 and 30 minutes on average, and messages a relay outage failed together do not return together.
 */
export const SEND_RETRY_BACKOFF = fullJitter([2 * 60_000, 10 * 60_000, 60 * 60_000]);

interface SendEmailJobData {
  organizationId: string;
  messageId: string;
}

/** Sends one queued message and records what the relay said. Runs again harmlessly: only QUEUED messages are sent. */
export function sendEmailJob(deps: EmailDeps): JobDefinition<SendEmailJobData> {
  return {
    name: SEND_EMAIL_JOB,
    concurrency: 20,
    handler: async ({ messageId }, { em, logger }) => {
      const message = await em.findOne(
        EmailMessage,
        { id: messageId },
        { populate: ['html', 'text', 'attachments', 'sealedContent'] },
      );
      if (!message || message.status !== EmailStatus.QUEUED) return;
      const outgoing = toOutgoing(message, deps, await linkSecret(deps));
      const from = bareAddress(message.from);
      const dkim = await deps.dkimKeys.signingKey(em, from.slice(from.lastIndexOf('@') + 1));
      if (dkim) outgoing.dkim = dkim;
      const outcome = await deps.transport.send(await withRealBody(outgoing, message, deps));
      await em.transactional((tx) => record(tx, message, outcome, deps));
      logger.debug('email send attempt', { messageId, outcome: outcome.kind });
    },
  };
}

/**
 * A redacted message (an auth token email) goes out with its real body, sealed beside the row. The capture transport
 * keeps what it sends in the database, so it gets the redacted body: nobody reads a live token there either.
 */
async function withRealBody(outgoing: OutgoingMail, message: EmailMessage, deps: EmailDeps): Promise<OutgoingMail> {
  if (!message.sealedContent || deps.captureMode) return outgoing;
  const real = openBody(
    await secretBoxFor(deps.orm, deps.config.encryptionKey, deps.logger),
    message.id,
    message.sealedContent,
  );
  return { ...outgoing, text: real.text ?? undefined, html: real.html ?? undefined };
}

async function dropSealedBody(tx: EntityManager, message: EmailMessage): Promise<void> {
  if (message.sealedContent) await tx.nativeUpdate(EmailMessage, { id: message.id }, { sealedContent: null });
}

function toOutgoing(message: EmailMessage, deps: EmailDeps, secret: string): OutgoingMail {
  const link = {
    publicUrl: deps.config.publicUrl,
    secret,
    organizationId: message.organizationId,
    messageId: message.id,
  };
  const html =
    message.html && (message.trackOpens || message.trackClicks)
      ? applyTracking(message.html, { ...link, trackOpens: message.trackOpens, trackClicks: message.trackClicks })
      : (message.html ?? undefined);
  return {
    messageId: message.id,
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    replyTo: message.replyTo,
    subject: message.subject,
    html,
    text: message.text ?? undefined,
    headers: { ...message.headers, ...(message.listUnsubscribe ? unsubscribeHeaders(link) : {}) },
    attachments: message.attachments ?? undefined,
  };
}

async function record(tx: EntityManager, detached: EmailMessage, outcome: SendOutcome, deps: EmailDeps) {
  const message = await tx.findOneOrFail(EmailMessage, { id: detached.id });
  const now = new Date();
  const base = { messageId: message.id, to: message.to, subject: message.subject };
  message.attempts += 1;
  if (outcome.kind === 'accepted') {
    await dropSealedBody(tx, detached); // delivered: the live token is the recipient's alone
    message.status = EmailStatus.SENT;
    message.sentAt = now;
    message.providerMessageId = outcome.providerMessageId;
    message.lastResponse = outcome.response;
    await emitEvent(tx, 'email.sent', { ...base, sentAt: now.toISOString() });
    // Acceptance by the receiving server (or the relay) is delivery as far as SMTP can tell us.
    message.status = EmailStatus.DELIVERED;
    message.deliveredAt = now;
    await emitEvent(tx, 'email.delivered', { ...base, deliveredAt: now.toISOString() });
    await reportOutcome(tx, message, 'delivered', deps);
    if (deps.captureMode && outcome.mime)
      tx.create(CapturedEmail, { messageId: message.id, organizationId: message.organizationId, mime: outcome.mime });
    return;
  }
  message.lastResponse = outcome.kind === 'rejected' ? outcome.response : outcome.error;
  const permanent = outcome.kind === 'rejected' && outcome.permanent;
  const retryDelay = SEND_RETRY_BACKOFF.delayBefore(message.attempts);
  if (!permanent && retryDelay !== null) {
    await deps.jobs.enqueue(
      tx,
      SEND_EMAIL_JOB,
      { organizationId: message.organizationId, messageId: message.id },
      new Date(now.getTime() + retryDelay),
    );
    return;
  }
  await dropSealedBody(tx, detached); // given up: nothing will send the real body any more
  if (outcome.kind === 'failed') {
    message.status = EmailStatus.FAILED;
    message.failedAt = now;
    return;
  }
  message.status = EmailStatus.BOUNCED;
  message.bouncedAt = now;
  message.bounceType = permanent ? 'hard' : 'soft';
  await emitEvent(tx, 'email.bounced', {
    ...base,
    bounceType: message.bounceType,
    reason: message.lastResponse,
    bouncedAt: now.toISOString(),
  });
  await reportOutcome(tx, message, 'bounced', deps);
  if (permanent) {
    for (const address of new Set([...message.to, ...message.cc, ...message.bcc].map(bareAddress))) {
      await tenantSql(tx).run(
        sql`insert into email.suppressions (id, organization_id, email, reason, source_message_id, created_at)
         values (${newId('sup')}, ${ORG}, ${address}, ${SuppressionReason.HARD_BOUNCE}, ${message.id}, now()) on conflict (organization_id, email) do nothing`,
      );
    }
  }
}

/** A system email's sender asked to hear what became of it (SystemEmail.outcomeJob): its job, in this transaction. */
async function reportOutcome(
  tx: EntityManager,
  message: EmailMessage,
  outcome: EmailOutcomeData['outcome'],
  deps: EmailDeps,
) {
  if (!message.outcomeJob) return;
  const data: EmailOutcomeData = {
    organizationId: message.organizationId,
    ref: message.outcomeJob.ref,
    emailMessageId: message.id,
    outcome,
    reason: outcome === 'bounced' ? (message.lastResponse ?? null) : null,
    bounceType: outcome === 'bounced' ? (message.bounceType as 'hard' | 'soft') : null,
  };
  await deps.jobs.enqueue(tx, message.outcomeJob.name, data);
}
