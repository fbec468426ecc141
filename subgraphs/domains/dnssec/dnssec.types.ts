import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DnssecKey')
export class DnssecKeyView {
  @Field(() => Int, { description: '257 (key signing key) or 256 (zone signing key)' })
  flags!: number;

  @Field({ description: 'KSK or ZSK' })
  role!: string;

  @Field(() => Int, { description: '13: ECDSA P-256 with SHA-256' })
  algorithm!: number;

  @Field(() => Int)
  keyTag!: number;

  @Field({ description: 'Base64, as in the DNSKEY record' })
  publicKey!: string;

  @Field({ description: 'The DNSKEY record in presentation format' })
  dnskey!: string;
}

@ObjectType('DnssecStatus')
export class DnssecStatusView {
  @Field()
  domainName!: string;

  @Field()
  enabled!: boolean;

  @Field(() => [DnssecKeyView])
  keys!: DnssecKeyView[];
}

@ObjectType('DsRecord')
export class DsRecordView {
  @Field(() => Int)
  keyTag!: number;

  @Field(() => Int)
  algorithm!: number;

  @Field(() => Int, { description: '2: SHA-256' })
  digestType!: number;

  @Field({ description: 'Hex, upper case' })
  digest!: string;

  @Field({ description: 'The DS record in presentation format, for the parent zone' })
  record!: string;
}
