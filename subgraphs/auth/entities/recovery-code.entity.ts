import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** One single-use recovery code, stored as SHA-256 (the codes carry 50 random bits, so no slow hash is needed). */
@Entity({ schema: 'auth', tableName: 'recovery_codes' })
export class RecoveryCode extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'bytea' })
  codeHash!: Buffer;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
