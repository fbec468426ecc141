import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** A zone's DNSSEC key: ECDSA P-256 (algorithm 13); flags 257 (KSK) or 256 (ZSK). The private key is sealed at rest. */
@Entity({ schema: 'domains', tableName: 'dnssec_keys' })
export class DnssecKey extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  domainId!: string;

  @Property({ type: 'integer' })
  flags!: number;

  @Property({ type: 'integer' })
  algorithm!: number;

  @Property({ type: 'integer' })
  keyTag!: number;

  /** The DNSKEY public key field, base64 (64 bytes: x then y). */
  @Property({ type: 'text' })
  publicKey!: string;

  /** PKCS#8 PEM, sealed with the platform's encryption key. */
  @Property({ type: 'text' })
  privateKeySealed!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
