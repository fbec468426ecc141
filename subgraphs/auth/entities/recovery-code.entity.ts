import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** One single-use recovery code, stored as SHA-256 (the codes carry 50 random bits, so no slow hash is needed). */
@Entity({ schema: 'auth', tableName: 'recovery_codes' })
export class RecoveryCode extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'bytea' })
  codeHash!: Buffer;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
