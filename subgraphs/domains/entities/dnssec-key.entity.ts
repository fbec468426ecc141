import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** A zone's DNSSEC key: ECDSA P-256 (algorithm 13); flags 257 (KSK) or 256 (ZSK). The private key is sealed at rest. */
@Entity({ schema: 'domains', tableName: 'dnssec_keys' })
export class DnssecKey extends TenantRow {
  [OptionalProps]?: 'createdAt';

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
}
