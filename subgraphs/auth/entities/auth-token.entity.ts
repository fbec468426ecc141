import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

export type TokenKind = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET' | 'MFA_CHALLENGE' | 'INVITATION';

/** A single-use secret handed out by email or to a half-finished sign-in: `<id>.<secret>`, SHA-256 of the secret kept. */
@Entity({ schema: 'auth', tableName: 'tokens' })
export class AuthToken extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'data';

  @PrimaryKey({ type: 'text' })
  id!: string;

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

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
