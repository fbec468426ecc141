import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** Someone talking to support: a widget visitor (anonymous until identified) or an email sender. */
@Entity({ schema: 'support', tableName: 'visitors' })
export class Visitor extends TimestampedTenantRow {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'name'
    | 'email'
    | 'attributes'
    | 'companyId'
    | 'identifiedAt'
    | 'anonymizedAt'
    | 'lastSeenAt'
    | 'tokenHash'
    | 'inboxId'
    | 'emailVerifiedAt';

  /** SHA-256 of the visitor token the widget holds (X-Visitor-Token); null for email senders. */
  @Property({ type: 'text', nullable: true })
  tokenHash: string | null = null;

  /** The inbox whose widget or address first saw the visitor. */
  @Property({ type: 'text', nullable: true })
  inboxId: string | null = null;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  /** Lower-cased; links the visitor to the CRM contact of that email. */
  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'jsonb' })
  attributes: Record<string, unknown> = {};

  @Property({ type: 'text', nullable: true })
  companyId: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  identifiedAt: Date | null = null;

  /**
   * When the email became trustworthy (set by the API, by the visitor's own mail, or by the host page's signed
   * identity); null while it is only the visitor's claim, which keeps it away from the CRM contact of that email.
   */
  @Property({ type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  anonymizedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null = null;
}
