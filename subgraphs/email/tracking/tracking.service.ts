import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { EmailMessage } from '../entities/email-message.entity.js';
import { SuppressionReason } from '../entities/email-status.js';
import { bareAddress } from '../sending/address.js';
import { verifyTrackingToken, type TrackingAction } from '../sending/tracking.js';
import type { EmailDeps } from '../email-deps.js';
import { linkSecret } from '../sending/link-secret.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** Who opened or clicked, as the public route saw them. */
export interface Visitor {
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Opens, clicks and one-click unsubscribes arrive without an API key; the signed token names the
 * organization and message, so the tenant comes from our own signature, never from the request.
 */
export class TrackingService {
  constructor(private readonly deps: EmailDeps) {}

  /** Records an open; unknown or forged tokens are ignored (the pixel is served either way). */
  async open(root: EntityManager, token: string, visitor: Visitor): Promise<boolean> {
    const found = await this.load(root, token, 'open');
    if (!found) return false;
    const { em, message } = found;
    await em.transactional(async (tx) => {
      const now = new Date();
      await tx.nativeUpdate(
        EmailMessage,
        { id: message.id },
        { openCount: message.openCount + 1, openedAt: message.openedAt ?? now },
      );
      await emitEvent(tx, 'email.opened', {
        messageId: message.id,
        to: message.to,
        openedAt: now.toISOString(),
        ip: visitor.ip ?? null,
        userAgent: visitor.userAgent ?? null,
      });
    });
    return true;
  }

  /** Records a click and returns where to send the visitor; null for a bad token. */
  async click(root: EntityManager, token: string, visitor: Visitor): Promise<string | null> {
    const payload = verifyTrackingToken(await linkSecret(this.deps), token);
    if (!payload || payload.action !== 'click' || !payload.url || !/^https?:\/\//i.test(payload.url)) return null;
    const found = await this.load(root, token, 'click');
    if (found) {
      const { em, message } = found;
      await em.transactional(async (tx) => {
        const now = new Date();
        await tx.nativeUpdate(
          EmailMessage,
          { id: message.id },
          { clickCount: message.clickCount + 1, clickedAt: message.clickedAt ?? now },
        );
        await emitEvent(tx, 'email.clicked', {
          messageId: message.id,
          to: message.to,
          url: payload.url,
          clickedAt: now.toISOString(),
          ip: visitor.ip ?? null,
          userAgent: visitor.userAgent ?? null,
        });
      });
    }
    return payload.url;
  }

  /** One-click unsubscribe (RFC 8058): suppresses every recipient of the message. Repeating it changes nothing. */
  async unsubscribe(root: EntityManager, token: string): Promise<boolean> {
    const found = await this.load(root, token, 'unsubscribe');
    if (!found) return false;
    const { em, message } = found;
    await em.transactional(async (tx) => {
      for (const email of new Set(message.to.map(bareAddress))) {
        const inserted = await tenantSql(tx).rows<{ id: string }>(
          sql`insert into email.suppressions (id, organization_id, email, reason, source_message_id, created_at)
           values (${newId('sup')}, ${ORG}, ${email}, ${SuppressionReason.UNSUBSCRIBE}, ${message.id}, now()) on conflict (organization_id, email) do nothing returning id`,
        );
        if (inserted.length)
          await emitEvent(tx, 'email.unsubscribed', {
            messageId: message.id,
            email,
            unsubscribedAt: new Date().toISOString(),
          });
      }
    });
    return true;
  }

  private async load(root: EntityManager, token: string, action: TrackingAction) {
    const payload = verifyTrackingToken(await linkSecret(this.deps), token);
    if (!payload || payload.action !== action) return null;
    const em = forkForTenant(root, payload.organizationId);
    const message = await em.findOne(EmailMessage, { id: payload.messageId });
    return message ? { em, message } : null;
  }
}
