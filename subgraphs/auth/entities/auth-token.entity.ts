import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

export type TokenKind = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET' | 'MFA_CHALLENGE' | 'INVITATION' | 'SIGN_IN_CODE';

/** A single-use secret handed out by email or to a half-finished sign-in: `<id>.<secret>`, SHA-256 of the secret kept. */
@Entity({ schema: 'auth', tableName: 'tokens' })
export class AuthToken extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'data';

  @Property({ type: 'text' })
  kind!: TokenKind;

  @Property({ type: 'text', nullable: true })
  userId?: string | null;

  @Property({ type: 'bytea' })
  secretHash!: Buffer;

  @Property({ type: 'json' })
  data: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
