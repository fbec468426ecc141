import type { ParsedMail } from 'mailparser';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../../../platform/events/emit-event.js';
import type { RecipientMailbox } from './recipient-mailboxes.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { messageEventData } from '../messages/message-view.js';

/** A delivery status notification (RFC 3464): `multipart/report; report-type=delivery-status`. */
export function isDeliveryReport(parsed: ParsedMail): boolean {
  const type = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return (
    type?.value?.toLowerCase() === 'multipart/report' &&
    (type.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status'
  );
}

/**
 * Matches the report to a message this mailbox sent (by the Message-ID the returned headers carry) and applies it:
 * `Action: failed` → bounced with the diagnostic as reason, and `message.bounced`. Answers false when no sent
 * message matches (the report is then stored as an ordinary message).
 */
export async function applyDeliveryReport(tx: EntityManager, mailbox: RecipientMailbox, raw: Buffer): Promise<boolean> {
  const text = raw.toString('utf8');
  const ids = [...text.matchAll(/^(?:Original-)?Message-ID\s*:\s*(<[^>\s]+>)/gim)].map((m) => m[1]!);
  if (ids.length === 0) return false;
  // Locked: the send's own delivery outcome may be applied at the same moment, and neither may lose the other's write.
  const message = await tx.findOne(
    MailMessage,
    { mailboxId: mailbox.id, direction: 'outbound', messageId: { $in: ids } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!message) return false;
  const action = /^Action\s*:\s*(\w+)/im.exec(text)?.[1]?.toLowerCase();
  const status = /^Status\s*:\s*(\d\.\d{1,3}\.\d{1,3})/im.exec(text)?.[1];
  if (action !== 'failed' && !status?.startsWith('5')) return true; // delayed or relayed: nothing to record
  if (message.status === 'bounced') return true;
  const diagnostic = /^Diagnostic-Code\s*:\s*(.+(?:\r?\n[ \t].+)*)/im.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
  message.status = 'bounced';
  message.bouncedAt = new Date();
  message.bounceReason = (diagnostic ?? `Status ${status ?? 'unknown'}`).slice(0, 500);
  await tx.flush();
  await emitEvent(tx, 'message.bounced', {
    ...messageEventData(message),
    bounceType: status?.startsWith('4') ? 'soft' : 'hard',
    reason: message.bounceReason,
    bouncedAt: message.bouncedAt.toISOString(),
  });
  return true;
}
