import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export type ApiKeyType = 'SERVER' | 'SENDING' | 'GATEWAY';

/** An API key, stored as its SHA-256 hash; the key itself is shown once at creation. */
@Entity({ schema: 'platform', tableName: 'api_keys' })
export class ApiKey {
  [OptionalProps]?: 'id' | 'scopes' | 'createdAt' | 'revokedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  type!: ApiKeyType;

  /** Granted scopes; `*` grants every scope. */
  @Property({ type: 'text[]' })
  scopes: string[] = ['*'];

  /** The first characters of the key, for telling keys apart in listings. */
  @Property({ type: 'text' })
  prefix!: string;

  @Property({ type: 'text', unique: true, hidden: true })
  hash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
