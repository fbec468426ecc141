import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../../platform/ids/ids.js';
import { Organization } from '../../../platform/organizations/organization.entity.js';
import type { SystemEmail, SystemEmailSender } from '../../../platform/ports/system-email.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import { SEND_EMAIL_JOB } from '../jobs/send-email.job.js';
import type { EmailDeps } from '../email-deps.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import { redactBody, sealBody } from './redacted-content.js';

/**
 * The email module's side of the system-email port: a notice becomes an ordinary EmailMessage of the organization
 * (listed in /emails/messages, sent by the same job), queued in the caller's transaction. It uses no send quota and
 * skips the suppression list: it is about the account or a flow the end user started, not marketing. Recipient:
 * `email.to`, else the organization's notification email, else NOTIFICATION_EMAIL, else nobody (logged).
 * With `email.redact` (auth tokens), the row stores the redacted body and the real one sealed (AES-GCM) for the send
 * job, which drops it once the message is delivered or given up: whoever reads messages never reads a live token.
 */
export class EmailSystemSender implements SystemEmailSender {
  constructor(private readonly deps: EmailDeps) {}

  /** `presetId`: the id a relayed notice promised its caller (RelayedSystemEmailSender). */
  async send(tx: EntityManager, email: SystemEmail, presetId?: string): Promise<string | null> {
    const to =
      email.to ??
      (await tx.findOne(Organization, { id: email.organizationId }))?.notificationEmail ??
      this.deps.config.email.notificationEmail;
    if (!to) {
      this.deps.logger.warn(
        'system email not sent: no notification email for the organization and no NOTIFICATION_EMAIL',
        { organizationId: email.organizationId, kind: email.kind },
      );
      return null;
    }
    const id = presetId ?? newId('em');
    const real = { text: email.text, html: email.html ?? null };
    const secret = email.redact?.length
      ? {
          stored: redactBody(real, email.redact),
          sealed: sealBody(
            await secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger),
            id,
            real,
          ),
        }
      : null;
    const body = secret?.stored ?? real;
    const message = tx.create(EmailMessage, {
      id,
      organizationId: email.organizationId,
      from: email.from ?? this.deps.config.email.notificationFrom,
      to: [to],
      ...(email.cc ? { cc: email.cc } : {}),
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      ...(email.headers ? { headers: email.headers } : {}),
      subject: email.subject,
      html: body.html,
      text: body.text,
      sealedContent: secret?.sealed ?? null,
      outcomeJob: email.outcomeJob ?? null,
      attachments: email.attachments ?? null,
      attachmentInfo: (email.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: Buffer.byteLength(a.content, 'base64'),
      })),
      tags: [
        { name: 'category', value: 'system' },
        { name: 'notice', value: email.kind.replace(/[^A-Za-z0-9_-]/g, '-') },
      ],
    });
    await tx.flush();
    await this.deps.jobs.enqueue(tx, SEND_EMAIL_JOB, { organizationId: email.organizationId, messageId: message.id });
    return message.id;
  }
}
