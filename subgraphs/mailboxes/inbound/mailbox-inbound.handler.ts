import type { AddressObject, ParsedMail } from 'mailparser';
import { DispatcherWakeUp } from '../../../platform/events/dispatcher-wake-up.js';
import { newId } from '../../../platform/ids/ids.js';
import type { InboundMail, InboundMailHandler } from '../../../platform/mail/inbound-mail.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import type { StoredAttachment } from '../entities/mail-message.entity.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { applyDeliveryReport, isDeliveryReport } from './delivery-report.js';
import { RecipientMailboxes, type RecipientMailbox } from './recipient-mailboxes.js';
import { storeInbound, type InboundFields } from './store-inbound.js';
import { INBOUND_MODULE } from '../mailboxes/mailbox.service.js';

/**
 * The mailboxes' claim on inbound SMTP: an address is theirs when a mailbox has it (any organization: addresses are
 * global). Each message is stored once per recipient mailbox in that mailbox's organization, or, when it is a
 * delivery status notification about one of the mailbox's sent messages, applied to that message (bounced).
 */
export function mailboxInboundHandler(deps: MailboxesDeps): InboundMailHandler {
  const recipients = new RecipientMailboxes(
    () => deps.orm.em,
    () => deps.clock.now().getTime(),
  );
  const wake = new DispatcherWakeUp(() => deps.orm.em, deps.logger);
  return {
    name: INBOUND_MODULE,
    claims: async (address) => (await recipients.find(address)) !== null,
    deliver: async (mail: InboundMail) => {
      const report = isDeliveryReport(mail.parsed);
      for (const address of mail.envelope.to) {
        const mailbox = await recipients.find(address);
        if (!mailbox) continue; // deleted between RCPT and DATA
        const em = forkForTenant(deps.orm.em, mailbox.organizationId);
        if (report && (await em.transactional((tx) => applyDeliveryReport(tx, mailbox, mail.raw)))) continue;
        await storeInbound(em, mailbox, fieldsOf(mail, mailbox), wake); // one statement: atomic on its own
      }
    },
  };
}

function fieldsOf(mail: InboundMail, mailbox: RecipientMailbox): InboundFields {
  const p: ParsedMail = mail.parsed;
  const fromValue = p.from?.value[0];
  const fromAddress = (fromValue?.address ?? mail.envelope.from ?? '').toLowerCase();
  const to = entries(p.to);
  const cc = entries(p.cc);
  const addresses = [...new Set([fromAddress, ...to.map(bare), ...cc.map(bare)].filter(Boolean))];
  const references = Array.isArray(p.references)
    ? p.references
    : p.references
      ? p.references.split(/\s+/).filter(Boolean)
      : [];
  return {
    messageId: p.messageId ? angle(p.messageId) : `<${newId('msg')}@${mailbox.domain}>`,
    inReplyTo: p.inReplyTo ? angle(p.inReplyTo.trim().split(/\s+/)[0]!) : null,
    references: references.map(angle).slice(-50),
    from: p.from?.text ?? fromAddress,
    fromAddress,
    to,
    cc,
    addresses,
    subject: (p.subject ?? '').slice(0, 998),
    html: typeof p.html === 'string' ? p.html : null,
    text: p.text ?? null,
    headers: headersOf(p),
    attachments: p.attachments.map((a): StoredAttachment => ({
      id: newId('att'),
      filename: a.filename ?? 'attachment',
      contentType: a.contentType,
      size: a.size,
      content: a.content.toString('base64'),
    })),
    auth: { ...mail.auth },
    receivedAt: mail.receivedAt,
  };
}

/** Header lines by lower-cased name; repeated headers (Received) joined by newlines. */
function headersOf(p: ParsedMail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, line } of p.headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    out[key] = out[key] === undefined ? value : `${out[key]}\n${value}`;
  }
  return out;
}

function entries(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((o) => o.value)
    .filter((v) => v.address)
    .map((v) =>
      v.name ? `"${v.name.replace(/["\\]/g, '')}" <${v.address!.toLowerCase()}>` : v.address!.toLowerCase(),
    );
}

function bare(entry: string): string {
  const m = /<([^>]+)>$/.exec(entry);
  return (m ? m[1]! : entry).toLowerCase();
}

function angle(id: string): string {
  const t = id.trim();
  return t.startsWith('<') ? t : `<${t}>`;
}
